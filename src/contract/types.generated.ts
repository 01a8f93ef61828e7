/* eslint-disable */
// Generated from contracts/1.4.0/schema.graphql by `npm run contracts`. Do not edit.
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** ISO 8601 calendar date, `YYYY-MM-DD` (§2.1). */
  Date: { input: string; output: string; }
  /** ISO 8601 date-time in UTC with the `Z` suffix, e.g. `2024-05-01T13:45:00Z` (§2.1). */
  DateTime: { input: string; output: string; }
};

export type Query = {
  __typename?: 'Query';
  /** Activities in list form (§4.1). */
  activities?: Maybe<ActivityViewResults>;
  /** One activity by id. */
  activity?: Maybe<Activity>;
  /** Activity types of the firm. */
  activityTypes?: Maybe<ActivityTypeResults>;
  /** One company by id. */
  company?: Maybe<Company>;
  /** One contact (person or company) by id; an abstract type (A-11). */
  contact?: Maybe<Contact>;
  /** Contact types (A-19 for the input). */
  contactTypes?: Maybe<ContactTypeResults>;
  /** Countries (A-20 for the filter). */
  countries?: Maybe<CountryResults>;
  /** One country by id. */
  country?: Maybe<Country>;
  /** ISO 4217 currency codes. */
  currencies?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  /** Relationships of one contact to co-workers at a company. */
  employeeRelationshipsTo?: Maybe<EmployeeRelationshipToResults>;
  /** Employees with relationships between two companies (from = left side, to = right side). */
  employeesWithRelationshipsTo?: Maybe<EmployeesWithRelationshipsToResults>;
  /** Employees with relationships between two companies, plus engagement data. */
  employeesWithRelationshipsToView?: Maybe<EmployeesWithRelationshipsToViewResults>;
  /** The firm and its settings. */
  firm?: Maybe<Firm>;
  /** Change-detection events of firm contacts and list-specific contacts (§6). */
  firmContactEventViews?: Maybe<FirmContactEventViewResults>;
  /** Active list types for the user; at most one list class per call (§7.6); all classes when omitted. */
  folderTypes?: Maybe<FolderTypeResults>;
  /** Relationship score between the current user and the target (A-53). */
  getIQRelationshipScore?: Maybe<IqRelationshipScoreResults>;
  /** Most-connected and most-engaged contacts of a company. */
  getRelationshipInsights?: Maybe<Array<Maybe<RelationshipInsightView>>>;
  /** Industries (A-54). */
  industries?: Maybe<IndustryResults>;
  /** One initiative by id. */
  initiative?: Maybe<Initiative>;
  /** Change-detection events of initiatives (§6). */
  initiativeEventViews?: Maybe<InitiativeEventViewResults>;
  /** Initiatives. */
  initiatives?: Maybe<InitiativeResults>;
  /** One list by id. */
  list?: Maybe<List>;
  /** Change-detection events of lists (§6). */
  listEventViews?: Maybe<ListEventViewResults>;
  /** Lists visible to the user (A-32 for the filter). */
  lists?: Maybe<ListResults>;
  /** One objective by id. */
  objective?: Maybe<Objective>;
  /** Change-detection events of objectives (§6). */
  objectiveEventViews?: Maybe<ObjectiveEventViewResults>;
  /** Objective types. */
  objectiveTypes?: Maybe<ObjectiveTypeResults>;
  /** Objectives. */
  objectives?: Maybe<ObjectiveResults>;
  /** Opportunities. */
  opportunities?: Maybe<OpportunityResults>;
  /** One opportunity by id. */
  opportunity?: Maybe<Opportunity>;
  /** Change-detection events of opportunities: changes of dateOpened, currentStage and status (§6). */
  opportunityEventViews?: Maybe<OpportunityEventViewResults>;
  /** People by id. */
  people?: Maybe<Array<Maybe<Person>>>;
  /** One person by id. */
  person?: Maybe<Person>;
  /** Practice groups (A-54). */
  practiceGroups?: Maybe<PracticeGroupResults>;
  /** Profiles of a contact (A-22). */
  profile?: Maybe<ProfileResults>;
  /** Regional settings of the current user. */
  regionalSettings?: Maybe<RegionalSettings>;
  /** Change-detection events of relationships (§6). */
  relationshipEventViews?: Maybe<RelationshipEventViewResults>;
  /** Relationship type definitions; used to look up valid type ids before creating a relationship (§8: limit default 500). */
  relationshipTypes?: Maybe<Array<Maybe<RelationshipTypeDefinition>>>;
  /** Search of firm contacts (A-33 for the filter). */
  searchFirmContacts?: Maybe<ContactResults>;
  /** Connections of a target person; fetchControl selects the set (A-51). */
  targetPersonConnections?: Maybe<PersonRelationshipResults>;
};


export type QueryActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<InputMaybe<ActivitySortInput>>>;
  filter?: InputMaybe<ActivityFilterInput>;
};


export type QueryActivityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryActivityTypesArgs = {
  onlyUserCreatable?: InputMaybe<Scalars['Boolean']['input']>;
  onlyUserSearchable?: InputMaybe<Scalars['Boolean']['input']>;
  appointmentTypesOnly?: InputMaybe<Scalars['Boolean']['input']>;
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  watchable?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryCompanyArgs = {
  id: Scalars['ID']['input'];
};


export type QueryContactArgs = {
  id: Scalars['ID']['input'];
};


export type QueryContactTypesArgs = {
  input?: InputMaybe<GetContactTypeInput>;
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCountriesArgs = {
  filter?: InputMaybe<CountryFilter>;
};


export type QueryCountryArgs = {
  id: Scalars['ID']['input'];
};


export type QueryEmployeeRelationshipsToArgs = {
  toCompanyId: Scalars['ID']['input'];
  contactId: Scalars['ID']['input'];
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sorts?: InputMaybe<Array<InputMaybe<EmployeeRelationshipToSortInput>>>;
  filters?: InputMaybe<Array<InputMaybe<EmployeeRelationshipToFilterInput>>>;
};


export type QueryEmployeesWithRelationshipsToArgs = {
  fromCompanyId: Scalars['ID']['input'];
  toCompanyId: Scalars['ID']['input'];
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sorts?: InputMaybe<Array<InputMaybe<EmployeeWithRelationshipsToSortInput>>>;
  filters?: InputMaybe<Array<InputMaybe<EmployeeWithRelationshipsToFilterInput>>>;
};


export type QueryEmployeesWithRelationshipsToViewArgs = {
  fromCompanyId: Scalars['ID']['input'];
  toCompanyId: Scalars['ID']['input'];
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sorts?: InputMaybe<Array<InputMaybe<EmployeeWithRelationshipsToViewSortInput>>>;
  filters?: InputMaybe<Array<InputMaybe<EmployeeWithRelationshipsToViewFilterInput>>>;
};


export type QueryFirmContactEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<FirmContactEventViewSortInput>>;
  filter?: InputMaybe<FirmContactEventViewFilterInput>;
};


export type QueryFolderTypesArgs = {
  listClass?: InputMaybe<Array<InputMaybe<ListClass>>>;
  checkSecurity?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryGetIqRelationshipScoreArgs = {
  targetContactId: Scalars['ID']['input'];
};


export type QueryGetRelationshipInsightsArgs = {
  companyId: Scalars['ID']['input'];
};


export type QueryInitiativeArgs = {
  id: Scalars['ID']['input'];
};


export type QueryInitiativeEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<InitiativeEventViewSortInput>>;
  filter?: InputMaybe<InitiativeEventViewFilterInput>;
};


export type QueryInitiativesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<InitiativeSortInput>>;
  filter?: InputMaybe<InitiativeFilterInput>;
};


export type QueryListArgs = {
  id: Scalars['ID']['input'];
};


export type QueryListEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<ListEventViewSortInput>>;
  filter?: InputMaybe<ListEventViewFilterInput>;
};


export type QueryListsArgs = {
  listClass?: InputMaybe<Array<InputMaybe<ListClass>>>;
  listType?: InputMaybe<ListType>;
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SortInput>;
  filter?: InputMaybe<Array<InputMaybe<ListFilterInput>>>;
};


export type QueryObjectiveArgs = {
  id: Scalars['ID']['input'];
};


export type QueryObjectiveEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<ObjectiveEventViewSortInput>>;
  filter?: InputMaybe<ObjectiveEventViewFilterInput>;
};


export type QueryObjectiveTypesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<ObjectiveTypeFilter>;
};


export type QueryObjectivesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<ObjectiveSortInput>>;
  filter?: InputMaybe<ObjectiveFilterInput>;
};


export type QueryOpportunitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<OpportunitySortInput>>;
  filter?: InputMaybe<OpportunityFilterInput>;
};


export type QueryOpportunityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOpportunityEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<OpportunityEventViewSortInput>>;
  filter?: InputMaybe<OpportunityEventViewFilterInput>;
};


export type QueryPeopleArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryPersonArgs = {
  id: Scalars['ID']['input'];
};


export type QueryProfileArgs = {
  contactId: Scalars['ID']['input'];
};


export type QueryRelationshipEventViewsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Array<RelationshipEventViewSortInput>>;
  filter?: InputMaybe<RelationshipEventViewFilterInput>;
};


export type QueryRelationshipTypesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<RelationshipTypeSortInput>;
  filter?: InputMaybe<RelationshipTypeFilterInput>;
};


export type QuerySearchFirmContactsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SortInput>;
  filter?: InputMaybe<Array<InputMaybe<ContactFilterInput>>>;
};


export type QueryTargetPersonConnectionsArgs = {
  input: TargetPersonRelationshipInput;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Adds an activity; business-rule failures are GraphQL errors (A-10). */
  addActivity?: Maybe<Activity>;
  /** Adds an additional field definition to a list; failures are GraphQL errors (A-10). */
  addAdditionalFieldDefinition?: Maybe<AddAdditionalFieldDefinitionResults>;
  /** Adds a company. */
  addCompany?: Maybe<MutateCompanyResults>;
  /** Adds contacts to lists; skips what the user may not link (§7.3). */
  addContactsToLists?: Maybe<AddContactsToListResults>;
  /** Adds an initiative to an objective. */
  addInitiative?: Maybe<MutateInitiativeResults>;
  /** Creates a marketing list. */
  addList?: Maybe<MutateListResults>;
  /** Adds a matter (full cloud only, §1.6); text inputs are trimmed; lookup texts are matched or added. */
  addMatter?: Maybe<MutateMatterResults>;
  /** Adds financial data of a matter for a period (full cloud only, §1.6). */
  addMatterFinancial?: Maybe<MutateMatterResults>;
  /** Adds an objective. */
  addObjective?: Maybe<MutateObjectiveResults>;
  /** Adds an opportunity; business-rule failures are GraphQL errors (A-10). */
  addOpportunity?: Maybe<Opportunity>;
  /** Adds an activity to each given opportunity; one result per opportunity. */
  addOpportunityActivity: Array<AddOpportunityActivityResult>;
  /** Adds a person. */
  addPerson?: Maybe<MutatePersonResults>;
  /** Adds a public location (address) to a contact (A-25). */
  addPublicLocation?: Maybe<MutateLocationResults>;
  /** Relates the current user to a contact. */
  addRelationship?: Maybe<AddRelationshipResults>;
  /** Relates two given contacts. */
  addRelationshipForContacts?: Maybe<AddRelationshipForContactsResults>;
  /** Creates a working list. */
  addWorkingList?: Maybe<MutateWorkingListResults>;
  /** Changes a public location (address) of a contact (A-25). */
  changePublicContactLocation?: Maybe<MutateLocationResults>;
  /** Edits an additional field definition. */
  editAdditionalFieldDefinition?: Maybe<EditAdditionalFieldDefinitionResults>;
  /** Edits a marketing list. */
  editListDetails?: Maybe<MutateListResults>;
  /** Edits a person's employment (employer, job title). */
  editPersonEmploymentInformation?: Maybe<MutatePersonResults>;
  /** Edits a relationship. */
  editRelationship?: Maybe<EditRelationshipResult>;
  /** Edits a working list. */
  editWorkingListDetails?: Maybe<MutateWorkingListResults>;
  /** Adds or updates objective types. */
  patchObjectiveType?: Maybe<PatchObjectiveTypeResults>;
  /** Adds or updates opportunity origination sources. */
  patchOpportunityOriginationSource?: Maybe<PatchOpportunityOriginationSourceResults>;
  /** Adds or updates opportunity outcome reasons. */
  patchOpportunityOutcomeReason?: Maybe<PatchOpportunityOutcomeReasonResults>;
  /** Adds or updates opportunity types. */
  patchOpportunityType?: Maybe<PatchOpportunityTypeResults>;
  /** Removes an activity (shape not shown in the spec: A-09). */
  removeActivity?: Maybe<RemoveActivityResults>;
  /** Removes an additional field definition and its values. */
  removeAdditionalFieldDefinition?: Maybe<Scalars['Boolean']['output']>;
  /** Removes one contact from several lists (§7.3). */
  removeContactFromLists?: Maybe<RemoveContactFromListsResult>;
  /** Removes contacts from one list (§7.3). */
  removeContactsFromList?: Maybe<MutateListContactsResults>;
  /** Removes an initiative (marks it deleted). */
  removeInitiative?: Maybe<RemoveResults>;
  /** Removes a matter (full cloud only, §1.6; shape not shown in the spec: A-50). */
  removeMatter?: Maybe<RemoveResults>;
  /** Removes financial data of a matter (full cloud only, §1.6). */
  removeMatterFinancials?: Maybe<RemoveMatterFinancialsResults>;
  /** Removes an objective (marks it deleted). */
  removeObjective?: Maybe<RemoveResults>;
  /** Removes an opportunity. */
  removeOpportunity?: Maybe<RemoveResults>;
  /** Removes a relationship of the current user. */
  removeRelationship?: Maybe<RemoveRelationshipResult>;
  /** Removes a working list (1.2.0 shape not shown in the spec: A-36). */
  removeWorkingList?: Maybe<Scalars['Boolean']['output']>;
  /** Updates an activity. */
  updateActivity?: Maybe<MutateActivityResults>;
  /** Updates language and gender settings of a person; requires language-specific information (§7.5). */
  updateContactAdditionalFields?: Maybe<MutatePersonResults>;
  /** Updates an initiative. */
  updateInitiative?: Maybe<MutateInitiativeResults>;
  /** Changes the status of an initiative. */
  updateInitiativeStatus?: Maybe<MutateInitiativeResults>;
  /** Sets list-specific additional field values of a list member; per-field results (§7.3). */
  updateListContactAdditionalFields?: Maybe<UpdateListContactAdditionalFieldResults>;
  /** Updates an objective. */
  updateObjective?: Maybe<MutateObjectiveResults>;
  /** Changes the status of an objective. */
  updateObjectiveStatus?: Maybe<MutateObjectiveResults>;
  /** Marks an opportunity confidential or not. */
  updateOpportunityConfidential?: Maybe<UpdateOpportunityConfidentialResults>;
  /** Updates the classification details of an opportunity. */
  updateOpportunityDetails?: Maybe<OpportunityIdResults>;
  /** Updates the matter and initiative links of an opportunity. */
  updateOpportunityLinks?: Maybe<UpdateOpportunityLinksResults>;
  /** Replaces the locations of an opportunity (A-49). */
  updateOpportunityLocations?: Maybe<OpportunityIdResults>;
  /** Updates the lead, principals and contacts of an opportunity. */
  updateOpportunityPeople?: Maybe<MutateOpportunityResults>;
  /** Moves an opportunity to a stage of its stage template (A-48). */
  updateOpportunityStageInstances?: Maybe<OpportunityIdResults>;
  /** Replaces the stages of a stage template (A-48). */
  updateOpportunityStageTemplates?: Maybe<MutateOpportunityResults>;
  /** Changes the status (and outcome) of an opportunity. */
  updateOpportunityStatus?: Maybe<MutateOpportunityResults>;
  /** Updates the summary (title, description, dates, tags) of an opportunity. */
  updateOpportunitySummary?: Maybe<OpportunityIdResults>;
  /** Updates a company's public information. */
  updatePublicCompany?: Maybe<MutateCompanyResults>;
  /** Updates a person's public information. */
  updatePublicPerson?: Maybe<MutatePersonResults>;
};


export type MutationAddActivityArgs = {
  input: AddActivityInput;
};


export type MutationAddAdditionalFieldDefinitionArgs = {
  input: AddAdditionalFieldDefinitionInput;
};


export type MutationAddCompanyArgs = {
  input: AddCompanyInput;
};


export type MutationAddContactsToListsArgs = {
  listIds: Array<Scalars['ID']['input']>;
  contactIds: Array<Scalars['ID']['input']>;
};


export type MutationAddInitiativeArgs = {
  input: AddInitiativeInput;
};


export type MutationAddListArgs = {
  input: AddListInput;
};


export type MutationAddMatterArgs = {
  input: AddMatterInput;
};


export type MutationAddMatterFinancialArgs = {
  input: AddMatterFinancialInput;
};


export type MutationAddObjectiveArgs = {
  input: AddObjectiveInput;
};


export type MutationAddOpportunityArgs = {
  input: AddOpportunityInput;
};


export type MutationAddOpportunityActivityArgs = {
  input: AddOpportunityActivityInput;
};


export type MutationAddPersonArgs = {
  input: AddPersonInput;
};


export type MutationAddPublicLocationArgs = {
  input: AddLocationInput;
};


export type MutationAddRelationshipArgs = {
  input?: InputMaybe<AddRelationshipInput>;
};


export type MutationAddRelationshipForContactsArgs = {
  input?: InputMaybe<AddRelationshipForContactsInput>;
};


export type MutationAddWorkingListArgs = {
  input: AddListInput;
};


export type MutationChangePublicContactLocationArgs = {
  input: LocationChangeInput;
};


export type MutationEditAdditionalFieldDefinitionArgs = {
  input: EditAdditionalFieldDefinitionInput;
};


export type MutationEditListDetailsArgs = {
  input: EditListDetailsInput;
};


export type MutationEditPersonEmploymentInformationArgs = {
  input: EditPersonEmploymentInformationInput;
};


export type MutationEditRelationshipArgs = {
  input?: InputMaybe<EditRelationshipInput>;
};


export type MutationEditWorkingListDetailsArgs = {
  input: EditWorkingListDetailsInput;
};


export type MutationPatchObjectiveTypeArgs = {
  input: ObjectiveTypeInput;
};


export type MutationPatchOpportunityOriginationSourceArgs = {
  input: OpportunityOriginationSourceInput;
};


export type MutationPatchOpportunityOutcomeReasonArgs = {
  input: OpportunityOutcomeReasonInput;
};


export type MutationPatchOpportunityTypeArgs = {
  input: OpportunityTypeInput;
};


export type MutationRemoveActivityArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveAdditionalFieldDefinitionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveContactFromListsArgs = {
  input: RemoveContactFromListsInput;
};


export type MutationRemoveContactsFromListArgs = {
  listId: Scalars['ID']['input'];
  contactIds: Array<Scalars['ID']['input']>;
};


export type MutationRemoveInitiativeArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveMatterArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveMatterFinancialsArgs = {
  input: RemoveMatterFinancialsInput;
};


export type MutationRemoveObjectiveArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveOpportunityArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveRelationshipArgs = {
  input?: InputMaybe<RemoveRelationshipInput>;
};


export type MutationRemoveWorkingListArgs = {
  listId: Scalars['ID']['input'];
};


export type MutationUpdateActivityArgs = {
  input: UpdateActivityInput;
};


export type MutationUpdateContactAdditionalFieldsArgs = {
  input: UpdateContactAdditionalFieldsInput;
};


export type MutationUpdateInitiativeArgs = {
  input: UpdateInitiativeInput;
};


export type MutationUpdateInitiativeStatusArgs = {
  input: UpdateInitiativeStatusInput;
};


export type MutationUpdateListContactAdditionalFieldsArgs = {
  input: UpdateListContactAdditionalFieldInput;
};


export type MutationUpdateObjectiveArgs = {
  input: UpdateObjectiveInput;
};


export type MutationUpdateObjectiveStatusArgs = {
  input: UpdateObjectiveStatusInput;
};


export type MutationUpdateOpportunityConfidentialArgs = {
  input: UpdateOpportunityConfidentialInput;
};


export type MutationUpdateOpportunityDetailsArgs = {
  input: UpdateOpportunityDetailsInput;
};


export type MutationUpdateOpportunityLinksArgs = {
  input: UpdateOpportunityLinksInput;
};


export type MutationUpdateOpportunityLocationsArgs = {
  input: UpdateOpportunityLocationsInput;
};


export type MutationUpdateOpportunityPeopleArgs = {
  input: UpdateOpportunityPeopleInput;
};


export type MutationUpdateOpportunityStageInstancesArgs = {
  input: UpdateOpportunityStageInstanceInput;
};


export type MutationUpdateOpportunityStageTemplatesArgs = {
  input: UpdateOpportunityStageTemplateInput;
};


export type MutationUpdateOpportunityStatusArgs = {
  input: UpdateOpportunityStatusInput;
};


export type MutationUpdateOpportunitySummaryArgs = {
  input: UpdateOpportunitySummaryInput;
};


export type MutationUpdatePublicCompanyArgs = {
  input: UpdatePublicCompanyInput;
};


export type MutationUpdatePublicPersonArgs = {
  input: UpdatePublicPersonInput;
};

/** Sort direction (§2.2). */
export type SortDirection =
  | 'Ascending'
  | 'Descending';

/** A business-rule failure of a mutation (§7.1). */
export type ValidationErrors = {
  __typename?: 'ValidationErrors';
  propertyName?: Maybe<Scalars['String']['output']>;
  message?: Maybe<Scalars['String']['output']>;
};

/** The sort a paged result was produced with (§2.1, A-42). */
export type SortInfo = {
  __typename?: 'SortInfo';
  field?: Maybe<Scalars['String']['output']>;
  direction?: Maybe<SortDirection>;
};

/**
 * Generic sort for `lists`, `searchFirmContacts`, `List.contacts` and `Contact.lists`; allowed fields per
 * operation in A-34. `direction` is a String (`Ascending` or `Descending`): the public client sends it as a
 * string literal (A-67).
 */
export type SortInput = {
  field: Scalars['String']['input'];
  direction?: InputMaybe<Scalars['String']['input']>;
};

/** Inclusive range of calendar dates; either end may be omitted (A-07). */
export type DateFilterInput = {
  from?: InputMaybe<Scalars['Date']['input']>;
  to?: InputMaybe<Scalars['Date']['input']>;
};

/** Range of instants; every bound is optional (A-41). */
export type DateTimeFilterInput = {
  /** Inclusive lower bound. */
  from?: InputMaybe<Scalars['DateTime']['input']>;
  /** Exclusive lower bound: what a poller passes with the last eventDate it has seen. */
  after?: InputMaybe<Scalars['DateTime']['input']>;
  /** Inclusive upper bound. */
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

/** Result of the remove operations of initiatives, objectives, opportunities and matters (§7.2). */
export type RemoveResults = {
  __typename?: 'RemoveResults';
  isSuccessful?: Maybe<Scalars['Boolean']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

/** Class of an activity (A-03). */
export type ActivityClass =
  /** A standard activity. */
  | 'Activity'
  /** An appointment synchronised from a calendar application (A-03). */
  | 'Appointment';

/** Kind of a contact linked to an activity (A-04). */
export type ActivityContactType =
  | 'Person'
  | 'Company'
  | 'Unknown';

/** Sort field of activities. */
export type ActivitySortField =
  | 'Date';

/** An activity (§2.2). */
export type Activity = {
  __typename?: 'Activity';
  id?: Maybe<Scalars['ID']['output']>;
  type?: Maybe<Scalars['String']['output']>;
  typeId?: Maybe<Scalars['ID']['output']>;
  activityClass?: Maybe<ActivityClass>;
  typeGroup?: Maybe<Scalars['String']['output']>;
  activityStartDate?: Maybe<Scalars['DateTime']['output']>;
  lastEditedDate?: Maybe<Scalars['Date']['output']>;
  subject?: Maybe<Scalars['String']['output']>;
  summary?: Maybe<Scalars['String']['output']>;
  location?: Maybe<Scalars['String']['output']>;
  /** Contacts linked to the activity, optionally only those of one kind (A-05). */
  linkedActivityContacts?: Maybe<Array<Maybe<ActivityContact>>>;
  regarding?: Maybe<Scalars['String']['output']>;
  originator?: Maybe<Person>;
};


/** An activity (§2.2). */
export type ActivityLinkedActivityContactsArgs = {
  contactType?: InputMaybe<ActivityContactType>;
};

/** List form of an activity (§2.2). */
export type ActivityView = {
  __typename?: 'ActivityView';
  id?: Maybe<Scalars['ID']['output']>;
  summary?: Maybe<Scalars['String']['output']>;
  subject?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
  typeId?: Maybe<Scalars['ID']['output']>;
  date?: Maybe<Scalars['Date']['output']>;
  /** Contacts linked to the activity, optionally only those of one kind (A-05). */
  linkedActivityContacts?: Maybe<Array<Maybe<ActivityContact>>>;
  originator?: Maybe<Person>;
};


/** List form of an activity (§2.2). */
export type ActivityViewLinkedActivityContactsArgs = {
  contactType?: InputMaybe<ActivityContactType>;
};

/** An activity type (§2.2). */
export type ActivityType = {
  __typename?: 'ActivityType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  groupId?: Maybe<Scalars['ID']['output']>;
  groupName?: Maybe<Scalars['String']['output']>;
  isDefault?: Maybe<Scalars['Boolean']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

/** A contact linked to an activity (§2.2). */
export type ActivityContact = {
  id?: Maybe<Scalars['ID']['output']>;
};

/** A person linked to an activity. */
export type ActivityPerson = ActivityContact & {
  __typename?: 'ActivityPerson';
  id?: Maybe<Scalars['ID']['output']>;
  fullName?: Maybe<Scalars['String']['output']>;
  primaryEmail?: Maybe<Scalars['String']['output']>;
  company?: Maybe<ActivityCompany>;
};

/** A company linked to an activity (fields not shown in the spec: A-06). */
export type ActivityCompany = ActivityContact & {
  __typename?: 'ActivityCompany';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

/** A linked contact of unknown kind. */
export type ActivityUnknown = ActivityContact & {
  __typename?: 'ActivityUnknown';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
};

export type ActivityResults = {
  __typename?: 'ActivityResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Activity>>>;
};

export type ActivityViewResults = {
  __typename?: 'ActivityViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ActivityView>>>;
};

export type ActivityTypeResults = {
  __typename?: 'ActivityTypeResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ActivityType>>>;
};

/** Filter of `activities`; all fields optional and combined with AND (§2.2). */
export type ActivityFilterInput = {
  subject?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
  typeId?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  contactIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  date?: InputMaybe<DateFilterInput>;
  originatorIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};

/** Sort of `activities` (§2.2). */
export type ActivitySortInput = {
  field?: InputMaybe<ActivitySortField>;
  direction?: InputMaybe<SortDirection>;
};

/** Input of `addActivity` (§2.2). */
export type AddActivityInput = {
  /** An ActivityType id. */
  typeId: Scalars['ID']['input'];
  /** Local date and time, format `YYYY-MM-DD HH:mm:ss` (§8). */
  activityDate: Scalars['String']['input'];
  subject: Scalars['String']['input'];
  summary?: InputMaybe<Scalars['String']['input']>;
  /** Contacts (and other entities) to link. */
  linkedEntityIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};

/** Input of `updateActivity`; omitted fields keep their value (A-08). Give `activityId` (public client, A-68) or `id`. */
export type UpdateActivityInput = {
  /** The activity; the same as `activityId` (one of the two is required, A-68). */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** The activity, as the public client sends it (A-68). */
  activityId?: InputMaybe<Scalars['ID']['input']>;
  typeId?: InputMaybe<Scalars['ID']['input']>;
  /** Format `YYYY-MM-DD HH:mm:ss` (§8). */
  activityDate?: InputMaybe<Scalars['String']['input']>;
  subject?: InputMaybe<Scalars['String']['input']>;
  summary?: InputMaybe<Scalars['String']['input']>;
  location?: InputMaybe<Scalars['String']['input']>;
  /** Replaces the linked entities when given. */
  linkedEntityIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};

export type MutateActivityResults = {
  __typename?: 'MutateActivityResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Activity>;
};

/** Result of `removeActivity` (A-09). */
export type RemoveActivityResults = {
  __typename?: 'RemoveActivityResults';
  isSuccessful?: Maybe<Scalars['Boolean']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

/** Entity kind of a contact; `Any` is the observed value for "either" (A-12). */
export type ContactEntity =
  | 'Any'
  | 'Person'
  | 'Company';

/** Visibility of a contact (A-13). */
export type ContactVisibility =
  | 'unknown'
  | 'public'
  | 'private';

/** Where search results came from (A-23). */
export type ResultsFrom =
  | 'Term'
  | 'Filter';

/** Status of a contact mutation result (§7.4, A-27). */
export type ContactMutationStatus =
  | 'Created'
  | 'Updated'
  | 'NoChange'
  | 'PendingApproval';

/** Which address is the mailing address (A-28). */
export type MailingAddressType =
  | 'None'
  | 'Business'
  | 'Other';

/** A person or a company (§2.3, A-11). */
export type Contact = {
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  contactEntity?: Maybe<ContactEntity>;
  visibility?: Maybe<ContactVisibility>;
  relationshipScore?: Maybe<Score>;
  tags?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  contactTypes?: Maybe<Array<Maybe<ContactFolderContactType>>>;
  addresses?: Maybe<Array<Maybe<Address>>>;
  emailAddresses?: Maybe<Array<Maybe<EmailAddress>>>;
  phoneNumbers?: Maybe<Array<Maybe<PhoneNumber>>>;
  activities?: Maybe<ActivityResults>;
  notes?: Maybe<Notes>;
  /** The lists the contact is in; `sort` by name (A-34), `listIds` keeps only those lists (A-69). */
  lists?: Maybe<ContactListResults>;
  notIncludedInTheLists?: Maybe<ContactListResults>;
  /** List-specific additional field values; `listId` keeps those of one list (A-70). */
  additionalFieldValues?: Maybe<AdditionalFieldValueResults>;
  contactAdditionalFieldValues?: Maybe<ContactAdditionalFieldValueResults>;
};


/** A person or a company (§2.3, A-11). */
export type ContactActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A person or a company (§2.3, A-11). */
export type ContactListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SortInput>;
  listIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};


/** A person or a company (§2.3, A-11). */
export type ContactNotIncludedInTheListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A person or a company (§2.3, A-11). */
export type ContactAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  listId?: InputMaybe<Scalars['ID']['input']>;
};


/** A person or a company (§2.3, A-11). */
export type ContactContactAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A company (§2.3). */
export type Company = Contact & {
  __typename?: 'Company';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  contactEntity?: Maybe<ContactEntity>;
  visibility?: Maybe<ContactVisibility>;
  relationshipScore?: Maybe<Score>;
  tags?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  contactTypes?: Maybe<Array<Maybe<ContactFolderContactType>>>;
  addresses?: Maybe<Array<Maybe<Address>>>;
  emailAddresses?: Maybe<Array<Maybe<EmailAddress>>>;
  phoneNumbers?: Maybe<Array<Maybe<PhoneNumber>>>;
  activities?: Maybe<ActivityResults>;
  notes?: Maybe<Notes>;
  /** The lists the contact is in; `sort` by name (A-34), `listIds` keeps only those lists (A-69). */
  lists?: Maybe<ContactListResults>;
  notIncludedInTheLists?: Maybe<ContactListResults>;
  /** List-specific additional field values; `listId` keeps those of one list (A-70). */
  additionalFieldValues?: Maybe<AdditionalFieldValueResults>;
  contactAdditionalFieldValues?: Maybe<ContactAdditionalFieldValueResults>;
  name?: Maybe<Scalars['String']['output']>;
  alias?: Maybe<Scalars['String']['output']>;
  isPendingFirmContact?: Maybe<Scalars['Boolean']['output']>;
};


/** A company (§2.3). */
export type CompanyActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A company (§2.3). */
export type CompanyListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SortInput>;
  listIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};


/** A company (§2.3). */
export type CompanyNotIncludedInTheListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A company (§2.3). */
export type CompanyAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  listId?: InputMaybe<Scalars['ID']['input']>;
};


/** A company (§2.3). */
export type CompanyContactAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A person (§2.3). */
export type Person = Contact & {
  __typename?: 'Person';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  contactEntity?: Maybe<ContactEntity>;
  visibility?: Maybe<ContactVisibility>;
  relationshipScore?: Maybe<Score>;
  tags?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  contactTypes?: Maybe<Array<Maybe<ContactFolderContactType>>>;
  addresses?: Maybe<Array<Maybe<Address>>>;
  emailAddresses?: Maybe<Array<Maybe<EmailAddress>>>;
  phoneNumbers?: Maybe<Array<Maybe<PhoneNumber>>>;
  activities?: Maybe<ActivityResults>;
  notes?: Maybe<Notes>;
  /** The lists the contact is in; `sort` by name (A-34), `listIds` keeps only those lists (A-69). */
  lists?: Maybe<ContactListResults>;
  notIncludedInTheLists?: Maybe<ContactListResults>;
  /** List-specific additional field values; `listId` keeps those of one list (A-70). */
  additionalFieldValues?: Maybe<AdditionalFieldValueResults>;
  contactAdditionalFieldValues?: Maybe<ContactAdditionalFieldValueResults>;
  isEmployee?: Maybe<Scalars['Boolean']['output']>;
  isPendingFirmContact?: Maybe<Scalars['Boolean']['output']>;
  title?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  middleName?: Maybe<Scalars['String']['output']>;
  lastName?: Maybe<Scalars['String']['output']>;
  fullName?: Maybe<Scalars['String']['output']>;
  suffix?: Maybe<Scalars['String']['output']>;
  goesBy?: Maybe<Scalars['String']['output']>;
  currentJobTitle?: Maybe<Scalars['String']['output']>;
  currentEmployer?: Maybe<Company>;
  assistantName?: Maybe<Scalars['String']['output']>;
};


/** A person (§2.3). */
export type PersonActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A person (§2.3). */
export type PersonListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SortInput>;
  listIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};


/** A person (§2.3). */
export type PersonNotIncludedInTheListsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A person (§2.3). */
export type PersonAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  listId?: InputMaybe<Scalars['ID']['input']>;
};


/** A person (§2.3). */
export type PersonContactAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** Relationship score of a contact (§2.3; `value` and `maxValue` from 1.4.0, §9.3; types A-14). */
export type Score = {
  __typename?: 'Score';
  strength?: Maybe<Scalars['Int']['output']>;
  value?: Maybe<Scalars['Float']['output']>;
  maxValue?: Maybe<Scalars['Float']['output']>;
  description?: Maybe<Scalars['String']['output']>;
};

/** A contact type a contact belongs to (§2.3). */
export type ContactFolderContactType = {
  __typename?: 'ContactFolderContactType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

export type Address = {
  __typename?: 'Address';
  id?: Maybe<Scalars['ID']['output']>;
  type?: Maybe<Scalars['String']['output']>;
  usage?: Maybe<Scalars['String']['output']>;
  label?: Maybe<Scalars['String']['output']>;
  street?: Maybe<Scalars['String']['output']>;
  city?: Maybe<Scalars['String']['output']>;
  administrativeDivision?: Maybe<Scalars['String']['output']>;
  additional?: Maybe<Scalars['String']['output']>;
  country?: Maybe<Scalars['String']['output']>;
  postalCode?: Maybe<Scalars['String']['output']>;
  isGlobal?: Maybe<Scalars['Boolean']['output']>;
  isMailingAddress?: Maybe<Scalars['Boolean']['output']>;
  owningContactId?: Maybe<Scalars['ID']['output']>;
};

export type EmailAddress = {
  __typename?: 'EmailAddress';
  id?: Maybe<Scalars['ID']['output']>;
  type?: Maybe<Scalars['String']['output']>;
  usage?: Maybe<Scalars['String']['output']>;
  address?: Maybe<Scalars['String']['output']>;
  label?: Maybe<Scalars['String']['output']>;
  owningContactId?: Maybe<Scalars['ID']['output']>;
  isGlobal?: Maybe<Scalars['Boolean']['output']>;
};

export type PhoneNumber = {
  __typename?: 'PhoneNumber';
  id?: Maybe<Scalars['ID']['output']>;
  addressId?: Maybe<Scalars['ID']['output']>;
  number?: Maybe<Scalars['String']['output']>;
  label?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
  usage?: Maybe<Scalars['String']['output']>;
  owningContactId?: Maybe<Scalars['ID']['output']>;
  isGlobal?: Maybe<Scalars['Boolean']['output']>;
};

/** Notes of a contact (§2.3). */
export type Notes = {
  __typename?: 'Notes';
  allNotes?: Maybe<NoteResults>;
};


/** Notes of a contact (§2.3). */
export type NotesAllNotesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A note (fields not shown in the spec: A-16; `noteId`, `folderId`, `changeDate`, `notes` from the public client, A-71). */
export type Note = {
  __typename?: 'Note';
  id?: Maybe<Scalars['ID']['output']>;
  subject?: Maybe<Scalars['String']['output']>;
  text?: Maybe<Scalars['String']['output']>;
  creatorName?: Maybe<Scalars['String']['output']>;
  lastEditedDate?: Maybe<Scalars['Date']['output']>;
  /** The note's id (same as `id`). */
  noteId?: Maybe<Scalars['ID']['output']>;
  /** The note folder the note is filed in. */
  folderId?: Maybe<Scalars['ID']['output']>;
  /** When the note last changed. */
  changeDate?: Maybe<Scalars['DateTime']['output']>;
  /** The note's text (same as `text`). */
  notes?: Maybe<Scalars['String']['output']>;
};

export type NoteResults = {
  __typename?: 'NoteResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Note>>>;
};

/** Lists a contact is (or is not) a member of (§2.3, A-17). */
export type ContactListResults = {
  __typename?: 'ContactListResults';
  skip?: Maybe<Scalars['Int']['output']>;
  limit?: Maybe<Scalars['Int']['output']>;
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<List>>>;
};

/** A list-specific additional field value of a contact (A-18; the public client's fields: A-70). */
export type AdditionalFieldValue = {
  __typename?: 'AdditionalFieldValue';
  id?: Maybe<Scalars['ID']['output']>;
  fieldId?: Maybe<Scalars['ID']['output']>;
  fieldName?: Maybe<Scalars['String']['output']>;
  listId?: Maybe<Scalars['ID']['output']>;
  value?: Maybe<Scalars['String']['output']>;
  secondaryValue?: Maybe<Scalars['String']['output']>;
  /** The contact the value belongs to. */
  contactId?: Maybe<Scalars['ID']['output']>;
  /** The field's data type (an AdditionalFieldDefinitionInputType value). */
  dataType?: Maybe<Scalars['String']['output']>;
  /** The field's name as displayed. */
  fieldDisplayName?: Maybe<Scalars['String']['output']>;
  /** How the value is formatted (dates `YYYY-MM-DD`, decimals with the field's precision). */
  format?: Maybe<Scalars['String']['output']>;
  /** Separator of several value items when shown as one text. */
  separator?: Maybe<Scalars['String']['output']>;
  /** The individual values (one per value of a multi-value field). */
  valueItems?: Maybe<Array<Maybe<AdditionalFieldValueItem>>>;
};

/** One value of an additional field value (A-70). */
export type AdditionalFieldValueItem = {
  __typename?: 'AdditionalFieldValueItem';
  valueId?: Maybe<Scalars['ID']['output']>;
  value?: Maybe<Scalars['String']['output']>;
  /** The secondary value (fields with a secondary field). */
  qualification?: Maybe<Scalars['String']['output']>;
  lastEditDate?: Maybe<Scalars['DateTime']['output']>;
};

export type AdditionalFieldValueResults = {
  __typename?: 'AdditionalFieldValueResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<AdditionalFieldValue>>>;
};

/** A contact-level additional field value such as language or gender (A-18). */
export type ContactAdditionalFieldValue = {
  __typename?: 'ContactAdditionalFieldValue';
  fieldId?: Maybe<Scalars['ID']['output']>;
  fieldName?: Maybe<Scalars['String']['output']>;
  valueId?: Maybe<Scalars['ID']['output']>;
  value?: Maybe<Scalars['String']['output']>;
};

export type ContactAdditionalFieldValueResults = {
  __typename?: 'ContactAdditionalFieldValueResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ContactAdditionalFieldValue>>>;
};

/** A contact type (§2.3; `folderType` A-19). */
export type ContactType = {
  __typename?: 'ContactType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  pluralName?: Maybe<Scalars['String']['output']>;
  folderId?: Maybe<Scalars['ID']['output']>;
  folderType?: Maybe<Scalars['String']['output']>;
  allowedContactEntity?: Maybe<ContactEntity>;
};

export type ContactTypeResults = {
  __typename?: 'ContactTypeResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ContactType>>>;
};

/** Filter of `contactTypes` (A-19). */
export type GetContactTypeInput = {
  folderId?: InputMaybe<Scalars['ID']['input']>;
  allowedContactEntity?: InputMaybe<ContactEntity>;
  name?: InputMaybe<Scalars['String']['input']>;
};

/** A country (§2.3). */
export type Country = {
  __typename?: 'Country';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  isoCode?: Maybe<Scalars['String']['output']>;
  statusIndicator?: Maybe<Scalars['Int']['output']>;
  administrativeDivisions?: Maybe<AdministrativeDivisions>;
};

/** How a country divides into states or provinces (§2.3, A-20). */
export type AdministrativeDivisions = {
  __typename?: 'AdministrativeDivisions';
  states?: Maybe<Array<Maybe<AdministrativeDivision>>>;
  useStates?: Maybe<Scalars['Boolean']['output']>;
  stateLabel?: Maybe<Scalars['String']['output']>;
  postalCodeLabel?: Maybe<Scalars['String']['output']>;
};

/** A state, province or similar (A-20). */
export type AdministrativeDivision = {
  __typename?: 'AdministrativeDivision';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  code?: Maybe<Scalars['String']['output']>;
};

export type CountryResults = {
  __typename?: 'CountryResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Country>>>;
};

/** Filter of `countries` (A-20). */
export type CountryFilter = {
  ids?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  name?: InputMaybe<Scalars['String']['input']>;
  isoCode?: InputMaybe<Scalars['String']['input']>;
};

/** The firm (§2.3). */
export type Firm = {
  __typename?: 'Firm';
  settings?: Maybe<FirmSettings>;
};

/** Firm settings (§2.3; field types A-21). */
export type FirmSettings = {
  __typename?: 'FirmSettings';
  minimumRequiredFields?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  titles?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  suffixes?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  languageSettings?: Maybe<LanguageSettings>;
  genderSettings?: Maybe<GenderSettings>;
  defaultNewActivityTypeId?: Maybe<Scalars['ID']['output']>;
};

/** Language-specific information settings; `isEnabled` gates updateContactAdditionalFields (§7.5, A-21). */
export type LanguageSettings = {
  __typename?: 'LanguageSettings';
  isEnabled?: Maybe<Scalars['Boolean']['output']>;
  languages?: Maybe<Array<Maybe<RegionalLanguage>>>;
};

/** Gender settings (A-21). */
export type GenderSettings = {
  __typename?: 'GenderSettings';
  isEnabled?: Maybe<Scalars['Boolean']['output']>;
  genders?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
};

/** Regional settings of the current user (§2.3). */
export type RegionalSettings = {
  __typename?: 'RegionalSettings';
  language?: Maybe<RegionalSetting>;
  country?: Maybe<RegionalSetting>;
  locale?: Maybe<RegionalSetting>;
  languages?: Maybe<Array<Maybe<RegionalLanguage>>>;
};

export type RegionalSetting = {
  __typename?: 'RegionalSetting';
  id?: Maybe<Scalars['ID']['output']>;
  code?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

export type RegionalLanguage = {
  __typename?: 'RegionalLanguage';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  localName?: Maybe<Scalars['String']['output']>;
  isoCode?: Maybe<Scalars['String']['output']>;
};

/** A profile of a contact (§2.3). */
export type Profile = {
  __typename?: 'Profile';
  profileId?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  displayOrder?: Maybe<Scalars['Int']['output']>;
  listingType?: Maybe<Scalars['String']['output']>;
  userCriterionIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  groupCriterionIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  contactTypeIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  profileItems?: Maybe<Array<Maybe<ProfileItem>>>;
};

/** One item of a profile (A-22). */
export type ProfileItem = {
  __typename?: 'ProfileItem';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  value?: Maybe<Scalars['String']['output']>;
  displayOrder?: Maybe<Scalars['Int']['output']>;
};

export type ProfileResults = {
  __typename?: 'ProfileResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Profile>>>;
};

/** The terms a contact search ran with (§2.3). */
export type SearchTerms = {
  __typename?: 'SearchTerms';
  term?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  lastName?: Maybe<Scalars['String']['output']>;
  company?: Maybe<Scalars['String']['output']>;
  emailAddress?: Maybe<Scalars['String']['output']>;
};

export type ContactResults = {
  __typename?: 'ContactResults';
  searchTerms?: Maybe<SearchTerms>;
  resultsFrom?: Maybe<ResultsFrom>;
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Contact>>>;
};

/** Filter options of `searchFirmContacts` (A-33). */
export type ContactFilterField =
  | 'term'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'emailAddress'
  | 'city'
  | 'country'
  | 'tag'
  | 'contactEntity'
  | 'ids'
  | 'industryIds'
  | 'contactTypeIds';

/** One filter of `searchFirmContacts`: `values` for ids, industryIds, contactTypeIds, `value` otherwise (§2.4). */
export type ContactFilterInput = {
  /** Nullable: the public client declares its variable as nullable (A-77); an entry without field is ignored. */
  field?: InputMaybe<ContactFilterField>;
  value?: InputMaybe<Scalars['String']['input']>;
  values?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** An address input (§2.3). */
export type AddContactAddressInput = {
  street?: InputMaybe<Scalars['String']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  /** State, province or similar; may not apply to every country. */
  administrativeDivision?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  /** May not apply to every country. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
};

/** A business address input with label and additional field (§2.3). */
export type AddContactWithLabelAdditionalFieldAddressInput = {
  street?: InputMaybe<Scalars['String']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  administrativeDivision?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  label?: InputMaybe<Scalars['String']['input']>;
  additionalField?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `addCompany` (§2.3). */
export type AddCompanyInput = {
  companyName?: InputMaybe<Scalars['String']['input']>;
  alias?: InputMaybe<Scalars['String']['input']>;
  primaryPhone?: InputMaybe<Scalars['String']['input']>;
  secondaryPhone?: InputMaybe<Scalars['String']['input']>;
  faxNumber?: InputMaybe<Scalars['String']['input']>;
  mobilePhone?: InputMaybe<Scalars['String']['input']>;
  pagerNumber?: InputMaybe<Scalars['String']['input']>;
  emailAddress?: InputMaybe<Scalars['String']['input']>;
  website?: InputMaybe<Scalars['String']['input']>;
  /** ContactType ids. */
  folderContactTypes?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  businessAddress?: InputMaybe<AddContactWithLabelAdditionalFieldAddressInput>;
  otherAddress?: InputMaybe<AddContactAddressInput>;
  mailingAddress?: InputMaybe<MailingAddressType>;
};

/** Input of `addPerson` (fields not shown in the spec: A-24). */
export type AddPersonInput = {
  title?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  middleName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  suffix?: InputMaybe<Scalars['String']['input']>;
  goesBy?: InputMaybe<Scalars['String']['input']>;
  assistantName?: InputMaybe<Scalars['String']['input']>;
  /** The employer, a Company id. */
  companyId?: InputMaybe<Scalars['ID']['input']>;
  jobTitle?: InputMaybe<Scalars['String']['input']>;
  emailAddress?: InputMaybe<Scalars['String']['input']>;
  businessPhone?: InputMaybe<Scalars['String']['input']>;
  mobilePhone?: InputMaybe<Scalars['String']['input']>;
  /** The primary (business) phone, as the public client sends it (A-78). */
  primaryPhone?: InputMaybe<Scalars['String']['input']>;
  /** The employer by name; must name exactly one existing company (A-78). */
  companyName?: InputMaybe<Scalars['String']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  /** ContactType ids. */
  folderContactTypes?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  businessAddress?: InputMaybe<AddContactWithLabelAdditionalFieldAddressInput>;
  otherAddress?: InputMaybe<AddContactAddressInput>;
  mailingAddress?: InputMaybe<MailingAddressType>;
};

/** Input of `addPublicLocation` (A-25). */
export type AddLocationInput = {
  contactId: Scalars['ID']['input'];
  /** Address type, e.g. Business, Home, Other. */
  type?: InputMaybe<Scalars['String']['input']>;
  label?: InputMaybe<Scalars['String']['input']>;
  street?: InputMaybe<Scalars['String']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  administrativeDivision?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** A phone number at this location. */
  phoneNumber?: InputMaybe<Scalars['String']['input']>;
  isMailingAddress?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Input of `changePublicContactLocation`; omitted fields keep their value (A-25). */
export type LocationChangeInput = {
  contactId: Scalars['ID']['input'];
  addressId: Scalars['ID']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
  label?: InputMaybe<Scalars['String']['input']>;
  street?: InputMaybe<Scalars['String']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  administrativeDivision?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  isMailingAddress?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Input of `editPersonEmploymentInformation` (A-26). */
export type EditPersonEmploymentInformationInput = {
  personId: Scalars['ID']['input'];
  /** The new employer, a Company id; null ends the employment. */
  companyId?: InputMaybe<Scalars['ID']['input']>;
  jobTitle?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `updateContactAdditionalFields` (A-26). */
export type UpdateContactAdditionalFieldsInput = {
  personId: Scalars['ID']['input'];
  /** A language id of the firm's language settings. */
  languageId?: InputMaybe<Scalars['ID']['input']>;
  /** One of the firm's gender settings. */
  gender?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `updatePublicPerson`; omitted fields keep their value (A-26). */
export type UpdatePublicPersonInput = {
  id: Scalars['ID']['input'];
  title?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  middleName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  suffix?: InputMaybe<Scalars['String']['input']>;
  goesBy?: InputMaybe<Scalars['String']['input']>;
  assistantName?: InputMaybe<Scalars['String']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  /** The job title (A-79). */
  jobTitle?: InputMaybe<Scalars['String']['input']>;
  /** The employer by name; must name exactly one existing company (A-79). */
  companyName?: InputMaybe<Scalars['String']['input']>;
  /** The business address; replaces the one there is, or adds one (A-79). */
  address?: InputMaybe<AddContactAddressInput>;
  /** The primary e-mail address (A-79). */
  email?: InputMaybe<UpdateEmailAddressInput>;
  /** The primary phone number (A-79). */
  primaryPhone?: InputMaybe<UpdatePhoneNumberInput>;
};

/** An e-mail address of `updatePublicPerson` (A-79). */
export type UpdateEmailAddressInput = {
  electronicAddress?: InputMaybe<Scalars['String']['input']>;
};

/** A phone number of `updatePublicPerson` (A-79). */
export type UpdatePhoneNumberInput = {
  number?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `updatePublicCompany`; omitted fields keep their value (A-26). */
export type UpdatePublicCompanyInput = {
  id: Scalars['ID']['input'];
  companyName?: InputMaybe<Scalars['String']['input']>;
  alias?: InputMaybe<Scalars['String']['input']>;
  website?: InputMaybe<Scalars['String']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

export type MutatePersonResults = {
  __typename?: 'MutatePersonResults';
  status?: Maybe<ContactMutationStatus>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Person>;
};

export type MutateCompanyResults = {
  __typename?: 'MutateCompanyResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Company>;
};

export type MutateLocationResults = {
  __typename?: 'MutateLocationResults';
  status?: Maybe<ContactMutationStatus>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Contact>;
};

/** Class of a list type (A-29). */
export type ListClass =
  | 'contactTypes'
  | 'marketingLists'
  | 'workingLists'
  /** Marketing lists without sponsorship (public client, A-72). */
  | 'MarketingList'
  /** Marketing lists whose members have sponsors (public client, A-72). */
  | 'MarketingListWithSponsorship'
  /** Working lists (public client, A-72). */
  | 'WorkingList'
  /** Every list (public client, A-72). */
  | 'AllLists'
  /** Every marketing list (public client, A-72). */
  | 'AllMarketingLists';

/** Which lists `lists` returns (A-30). */
export type ListType =
  | 'all'
  | 'myFrequentlyUsed';

/** Flag of a list member (A-31). */
export type ContactFlag =
  | 'none'
  | 'red'
  | 'yellow'
  | 'green'
  | 'blue';

/** Data type of an additional field definition (§2.4). */
export type AdditionalFieldDefinitionInputType =
  | 'text'
  | 'date'
  | 'decimal'
  | 'integer'
  | 'list'
  | 'boolean'
  | 'user';

/** Filter options of `lists` (A-32). */
export type ListFilterField =
  | 'name'
  | 'description'
  | 'ownerName'
  | 'creatorName'
  | 'listTypeIds';

/** A list (§2.4); permission flags are those of the API user (§5.3). */
export type List = {
  __typename?: 'List';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  listType?: Maybe<FolderType>;
  allowedLinkInto?: Maybe<Scalars['Boolean']['output']>;
  allowedRemoveFrom?: Maybe<Scalars['Boolean']['output']>;
  addAllowed?: Maybe<Scalars['Boolean']['output']>;
  deleteAllowed?: Maybe<Scalars['Boolean']['output']>;
  addActivityAllowed?: Maybe<Scalars['Boolean']['output']>;
  addNoteAllowed?: Maybe<Scalars['Boolean']['output']>;
  ownerName?: Maybe<Scalars['String']['output']>;
  creatorName?: Maybe<Scalars['String']['output']>;
  allowedContactEntity?: Maybe<ContactEntity>;
  isAdministrator?: Maybe<Scalars['Boolean']['output']>;
  /** The members; `filter` by sponsor and `sort` by a member field (A-73). */
  contacts?: Maybe<ListContactResults>;
  additionalFieldDefinitions?: Maybe<AdditionalFieldDefinitionResults>;
  /** The list's class (A-74). */
  listClass?: Maybe<ListClass>;
  /** The list's type name (A-74). */
  type?: Maybe<Scalars['String']['output']>;
  /** Whether the API user sponsors the contact this list was read through (`Contact.lists`, A-74). */
  userIsSponsor?: Maybe<Scalars['Boolean']['output']>;
  /** Sponsors of the contact this list was read through (`Contact.lists`); empty elsewhere (A-74). */
  sponsors?: Maybe<Array<Maybe<ListSponsor>>>;
};


/** A list (§2.4); permission flags are those of the API user (§5.3). */
export type ListContactsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<ListContactFilterInput>;
  sort?: InputMaybe<SortInput>;
};


/** A list (§2.4); permission flags are those of the API user (§5.3). */
export type ListAdditionalFieldDefinitionsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A sponsor of a list member: a firm user responsible for the contact on that list (A-73). */
export type ListSponsor = {
  __typename?: 'ListSponsor';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  fullName?: Maybe<Scalars['String']['output']>;
  isPrimary?: Maybe<Scalars['Boolean']['output']>;
};

/** Filter of `List.contacts` (A-73). */
export type ListContactFilterInput = {
  /** Only members whose primary sponsor has this user name (display or full name). */
  primarySponsorUserName?: InputMaybe<Scalars['String']['input']>;
  /** With `primarySponsorUserName`: true matches the primary sponsor only, false any sponsor. */
  checkForStrictPrimarySponsor?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A member of a list as `List.contacts` returns it: a flat view of the contact plus its sponsors (A-73). */
export type ListContact = {
  __typename?: 'ListContact';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  contactEntity?: Maybe<ContactEntity>;
  title?: Maybe<Scalars['String']['output']>;
  /** The contact's primary phone number. */
  phoneNumber?: Maybe<Scalars['String']['output']>;
  /** The contact's primary e-mail address. */
  emailAddress?: Maybe<Scalars['String']['output']>;
  /** The employer's name (a person) or the company's own name. */
  companyName?: Maybe<Scalars['String']['output']>;
  /** The employer's id (a person) or the company's own id. */
  companyId?: Maybe<Scalars['ID']['output']>;
  sponsors?: Maybe<Array<Maybe<ListSponsor>>>;
  /** The member's values of this list's additional fields. */
  additionalFieldValues?: Maybe<AdditionalFieldValueResults>;
};


/** A member of a list as `List.contacts` returns it: a flat view of the contact plus its sponsors (A-73). */
export type ListContactAdditionalFieldValuesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A list type (§2.4). */
export type FolderType = {
  __typename?: 'FolderType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  listClass?: Maybe<ListClass>;
  directoryClassName?: Maybe<Scalars['String']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

export type FolderTypeResults = {
  __typename?: 'FolderTypeResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<FolderType>>>;
};

export type ListResults = {
  __typename?: 'ListResults';
  skip?: Maybe<Scalars['Int']['output']>;
  limit?: Maybe<Scalars['Int']['output']>;
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<List>>>;
};

/** Members of a list (A-17, A-73). */
export type ListContactResults = {
  __typename?: 'ListContactResults';
  skip?: Maybe<Scalars['Int']['output']>;
  limit?: Maybe<Scalars['Int']['output']>;
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ListContact>>>;
};

/** An additional field definition of a list (§2.4; types A-37). */
export type AdditionalFieldDefinition = {
  __typename?: 'AdditionalFieldDefinition';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  dataTypeDisplayName?: Maybe<Scalars['String']['output']>;
  fieldDataType?: Maybe<AdditionalFieldDefinitionInputType>;
  /** The options of a list field (A-75). */
  listDataType?: Maybe<ListDataType>;
  allowsSecondaryField?: Maybe<Scalars['Boolean']['output']>;
  secondaryFieldName?: Maybe<Scalars['String']['output']>;
  allowsMultipleValues?: Maybe<Scalars['Boolean']['output']>;
  booleanDataTypeTrueValue?: Maybe<Scalars['String']['output']>;
  booleanDataTypeFalseValue?: Maybe<Scalars['String']['output']>;
  numericDataTypeMaxValue?: Maybe<Scalars['Float']['output']>;
  numericDataTypeMinValue?: Maybe<Scalars['Float']['output']>;
  decimalDataTypePrecision?: Maybe<Scalars['Int']['output']>;
  stringDataTypeMaxLength?: Maybe<Scalars['Int']['output']>;
  stringDataTypeMultiLine?: Maybe<Scalars['Boolean']['output']>;
  userDataTypeUserProfessional?: Maybe<Scalars['Boolean']['output']>;
  userDataTypeUserActive?: Maybe<Scalars['Boolean']['output']>;
};

/** Options of a list-type additional field (A-75). */
export type ListDataType = {
  __typename?: 'ListDataType';
  options?: Maybe<Array<Maybe<ListDataTypeOption>>>;
};

/** One option of a list-type additional field (A-75). */
export type ListDataTypeOption = {
  __typename?: 'ListDataTypeOption';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

export type AdditionalFieldDefinitionResults = {
  __typename?: 'AdditionalFieldDefinitionResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<AdditionalFieldDefinition>>>;
};

/** One filter of `lists`: `values` only for listTypeIds, `value` otherwise (§2.4, §4.1). */
export type ListFilterInput = {
  field: ListFilterField;
  value?: InputMaybe<Scalars['String']['input']>;
  values?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** Flag description of a list (A-31). */
export type FolderFlagInput = {
  flag: ContactFlag;
  description: Scalars['String']['input'];
};

/** Input of `addList` and `addWorkingList` (§2.4). */
export type AddListInput = {
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  folderTypeId: Scalars['ID']['input'];
  /** True enables flagging. */
  showFlags?: InputMaybe<Scalars['Boolean']['input']>;
  /** Initial flag of new members. */
  newContactFlag?: InputMaybe<ContactFlag>;
  /** Flag descriptions; defaults are set when missing or empty. */
  folderFlags?: InputMaybe<Array<InputMaybe<FolderFlagInput>>>;
};

/** Input of `editListDetails`; omitted fields keep their value (A-35). */
export type EditListDetailsInput = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  showFlags?: InputMaybe<Scalars['Boolean']['input']>;
  newContactFlag?: InputMaybe<ContactFlag>;
  folderFlags?: InputMaybe<Array<InputMaybe<FolderFlagInput>>>;
};

/** Input of `editWorkingListDetails`; omitted fields keep their value (A-35). */
export type EditWorkingListDetailsInput = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
};

/** Options of a text field (A-37). */
export type StringFieldInput = {
  maxLength?: InputMaybe<Scalars['Int']['input']>;
  multiLine?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Options of a decimal field (A-37). */
export type DecimalFieldInput = {
  minValue?: InputMaybe<Scalars['Float']['input']>;
  maxValue?: InputMaybe<Scalars['Float']['input']>;
  precision?: InputMaybe<Scalars['Int']['input']>;
};

/** Options of an integer field (A-37). */
export type IntegerFieldInput = {
  minValue?: InputMaybe<Scalars['Int']['input']>;
  maxValue?: InputMaybe<Scalars['Int']['input']>;
};

/** Options of a boolean field (A-37). */
export type BooleanFieldInput = {
  trueValue?: InputMaybe<Scalars['String']['input']>;
  falseValue?: InputMaybe<Scalars['String']['input']>;
};

/** Options of a user field (A-37). */
export type UserFieldInput = {
  professionalOnly?: InputMaybe<Scalars['Boolean']['input']>;
  activeOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Input of `addAdditionalFieldDefinition` (§2.4); the typed options apply only to their type. */
export type AddAdditionalFieldDefinitionInput = {
  listId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  type: AdditionalFieldDefinitionInputType;
  description?: InputMaybe<Scalars['String']['input']>;
  allowMultipleValues?: InputMaybe<Scalars['Boolean']['input']>;
  allowSecondaryField?: InputMaybe<Scalars['Boolean']['input']>;
  secondaryFieldName?: InputMaybe<Scalars['String']['input']>;
  /** Only when type is text. */
  stringInput?: InputMaybe<StringFieldInput>;
  /** Only when type is decimal. */
  decimalInput?: InputMaybe<DecimalFieldInput>;
  /** Only when type is integer. */
  integerInput?: InputMaybe<IntegerFieldInput>;
  /** Only when type is list: the options. */
  listInput?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  /** Only when type is boolean. */
  booleanInput?: InputMaybe<BooleanFieldInput>;
  /** Only when type is user. */
  userInput?: InputMaybe<UserFieldInput>;
};

/** Input of `editAdditionalFieldDefinition`; the data type cannot change (A-37). */
export type EditAdditionalFieldDefinitionInput = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  secondaryFieldName?: InputMaybe<Scalars['String']['input']>;
  /** For list fields: the complete new set of options. */
  listInput?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** Input of `removeContactFromLists` (A-38). */
export type RemoveContactFromListsInput = {
  contactId: Scalars['ID']['input'];
  listIds: Array<Scalars['ID']['input']>;
};

/** One field value to set on a list member (A-38; `valueId`, `lastEditDate`, `fieldDataType` A-76). */
export type ListContactAdditionalFieldValueInput = {
  fieldId: Scalars['ID']['input'];
  value?: InputMaybe<Scalars['String']['input']>;
  secondaryValue?: InputMaybe<Scalars['String']['input']>;
  /** The value item to replace; omitted adds (or, single-value fields, replaces) the value. */
  valueId?: InputMaybe<Scalars['ID']['input']>;
  /** The value item's last edit date as read; informational. */
  lastEditDate?: InputMaybe<Scalars['String']['input']>;
  /** The field's data type as read; must match the field when given. */
  fieldDataType?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `updateListContactAdditionalFields` (A-38, A-76): `fields` or `additionalFields`; `listId` optional. */
export type UpdateListContactAdditionalFieldInput = {
  /** The list; derived from the fields when omitted (A-76). */
  listId?: InputMaybe<Scalars['ID']['input']>;
  contactId: Scalars['ID']['input'];
  fields?: InputMaybe<Array<ListContactAdditionalFieldValueInput>>;
  /** The same as `fields`, as the public client sends it (A-76). */
  additionalFields?: InputMaybe<Array<ListContactAdditionalFieldValueInput>>;
};

export type MutateListResults = {
  __typename?: 'MutateListResults';
  item?: Maybe<List>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

export type MutateWorkingListResults = {
  __typename?: 'MutateWorkingListResults';
  success?: Maybe<Scalars['Boolean']['output']>;
  errorText?: Maybe<Scalars['String']['output']>;
  item?: Maybe<List>;
};

export type AddAdditionalFieldDefinitionResults = {
  __typename?: 'AddAdditionalFieldDefinitionResults';
  success?: Maybe<Scalars['Boolean']['output']>;
  additionalFieldDefinition?: Maybe<AdditionalFieldDefinition>;
};

export type EditAdditionalFieldDefinitionResults = {
  __typename?: 'EditAdditionalFieldDefinitionResults';
  success?: Maybe<Scalars['Boolean']['output']>;
  resultText?: Maybe<Scalars['String']['output']>;
  additionalFieldDefinition?: Maybe<AdditionalFieldDefinition>;
};

/** Result of `addContactsToLists` (§2.4, §7.3). */
export type AddContactsToListResults = {
  __typename?: 'AddContactsToListResults';
  totalCount?: Maybe<Scalars['Int']['output']>;
  successCount?: Maybe<Scalars['Int']['output']>;
  resultText?: Maybe<Scalars['String']['output']>;
  skippedCount?: Maybe<Scalars['Int']['output']>;
  skippedContactIds?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
};

/** Per-list outcome of `removeContactFromLists` (§2.4). */
export type RemoveContactFromListsResults = {
  __typename?: 'RemoveContactFromListsResults';
  successIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  failedIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  pendingIds?: Maybe<Array<Maybe<Scalars['ID']['output']>>>;
  resultText?: Maybe<Scalars['String']['output']>;
};

export type RemoveContactFromListsResult = {
  __typename?: 'RemoveContactFromListsResult';
  item?: Maybe<RemoveContactFromListsResults>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

/** Result of `removeContactsFromList` (§2.4 `MutateListResults`; renamed, A-39). */
export type MutateListContactsResults = {
  __typename?: 'MutateListContactsResults';
  contactsEffected?: Maybe<Scalars['Int']['output']>;
  pendingContactsEffected?: Maybe<Scalars['Int']['output']>;
  resultText?: Maybe<Scalars['String']['output']>;
};

export type ListContactAdditionalFieldResult = {
  __typename?: 'ListContactAdditionalFieldResult';
  fieldId?: Maybe<Scalars['ID']['output']>;
  valueId?: Maybe<Scalars['ID']['output']>;
  isSuccessful?: Maybe<Scalars['Boolean']['output']>;
  failureReason?: Maybe<Scalars['String']['output']>;
};

export type UpdateListContactAdditionalFieldResults = {
  __typename?: 'UpdateListContactAdditionalFieldResults';
  models?: Maybe<Array<Maybe<ListContactAdditionalFieldResult>>>;
};

/** Sort field of every event view (A-41). */
export type EventViewSortField =
  | 'eventDate'
  | 'eventType';

/** Event types of `firmContactEventViews` (A-40). */
export type FirmContactEventType =
  | 'ContactCreated'
  | 'ContactUpdated'
  | 'ContactDeleted'
  | 'ContactAddedToList'
  | 'ContactRemovedFromList';

/** Event types of `listEventViews` (A-40). */
export type ListEventType =
  | 'ListCreated'
  | 'ListUpdated'
  | 'ListDeleted'
  | 'ListArchived'
  | 'ListMemberAdded'
  | 'ListMemberRemoved'
  | 'ListFieldDefinitionAdded'
  | 'ListFieldDefinitionUpdated'
  | 'ListFieldDefinitionRemoved';

export type FirmContactEventView = {
  __typename?: 'FirmContactEventView';
  eventType?: Maybe<FirmContactEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  contactId?: Maybe<Scalars['ID']['output']>;
  /** The contact as it is now; null when deleted. */
  contact?: Maybe<Contact>;
};

export type FirmContactEventViewResults = {
  __typename?: 'FirmContactEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<FirmContactEventView>>>;
};

export type FirmContactEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type FirmContactEventViewFilterInput = {
  /** Event types to include; deleted contacts appear only when this includes ContactDeleted (§6). */
  eventTypes?: InputMaybe<Array<FirmContactEventType>>;
  contactIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};

export type ListEventView = {
  __typename?: 'ListEventView';
  eventType?: Maybe<ListEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  listId?: Maybe<Scalars['ID']['output']>;
  /** The list as it is now; null when deleted. */
  list?: Maybe<List>;
};

export type ListEventViewResults = {
  __typename?: 'ListEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ListEventView>>>;
};

export type ListEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type ListEventViewFilterInput = {
  /** Event types to include; deleted lists appear only when this includes ListDeleted (§6). */
  eventTypes?: InputMaybe<Array<ListEventType>>;
  listIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};

export type Industry = {
  __typename?: 'Industry';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

/** Industries (A-54). */
export type IndustryResults = {
  __typename?: 'IndustryResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Industry>>>;
};

export type PracticeGroup = {
  __typename?: 'PracticeGroup';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

/** Practice groups (A-54). */
export type PracticeGroupResults = {
  __typename?: 'PracticeGroupResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<PracticeGroup>>>;
};

/** Status of an objective (A-43). */
export type ObjectiveStatus =
  | 'open'
  | 'closed';

/** Status of an initiative (A-43). */
export type InitiativeStatus =
  | 'open'
  | 'closed';

export type ObjectiveSortField =
  | 'name'
  | 'startDate'
  | 'endDate'
  | 'status';

export type InitiativeSortField =
  | 'name'
  | 'startDate'
  | 'endDate'
  | 'status';

/** An objective (§2.5). */
export type Objective = {
  __typename?: 'Objective';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  startDate?: Maybe<Scalars['Date']['output']>;
  endDate?: Maybe<Scalars['Date']['output']>;
  closedDate?: Maybe<Scalars['Date']['output']>;
  createdBy?: Maybe<Scalars['String']['output']>;
  creatorId?: Maybe<Scalars['ID']['output']>;
  isDeleted?: Maybe<Scalars['Boolean']['output']>;
  /** Percentage of closed initiatives, 0 to 100 (A-45). */
  progress?: Maybe<Scalars['Int']['output']>;
  status?: Maybe<ObjectiveStatus>;
  /** True when every initiative is closed (A-43). */
  canClose?: Maybe<Scalars['Boolean']['output']>;
  measurementOfSuccess?: Maybe<MeasurementOfSuccess>;
  initiatives?: Maybe<InitiativeResults>;
  tags?: Maybe<Array<Maybe<PlanningTag>>>;
  types?: Maybe<PlanningTypes>;
  locations?: Maybe<Array<Maybe<PlanningLocation>>>;
  activityCounts?: Maybe<Array<Maybe<ActivityCount>>>;
  activities?: Maybe<InitiativeActivityResults>;
  involvedUsers?: Maybe<ObjectivePersonResults>;
  /** Companies of the objective's initiatives (A-45). */
  initiativeCompanies?: Maybe<Array<Maybe<InitiativeCompany>>>;
  /** Companies the objective targets (A-45). */
  companies?: Maybe<Array<Maybe<Company>>>;
};


/** An objective (§2.5). */
export type ObjectiveInitiativesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** An objective (§2.5). */
export type ObjectiveActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** An objective (§2.5). */
export type ObjectiveInvolvedUsersArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** An initiative of an objective (§2.5). */
export type Initiative = {
  __typename?: 'Initiative';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  startDate?: Maybe<Scalars['Date']['output']>;
  endDate?: Maybe<Scalars['Date']['output']>;
  closedDate?: Maybe<Scalars['Date']['output']>;
  status?: Maybe<InitiativeStatus>;
  creatorId?: Maybe<Scalars['ID']['output']>;
  createdBy?: Maybe<Scalars['String']['output']>;
  /** 0 when open, 100 when closed (A-45). */
  progress?: Maybe<Scalars['Int']['output']>;
  isDeleted?: Maybe<Scalars['Boolean']['output']>;
  objective?: Maybe<Objective>;
  companies?: Maybe<Array<Maybe<InitiativeCompany>>>;
  locations?: Maybe<Array<Maybe<PlanningLocation>>>;
  involvedUsers?: Maybe<Array<Maybe<InvolvedUser>>>;
  /** Relationships of the involved users to employees of the initiative's companies (A-45). */
  companyEmployeeRelationships?: Maybe<CompanyEmployeeRelationshipResults>;
  /** Employees of the initiative's companies (A-45). */
  companyEmployees?: Maybe<CompanyEmployeeResults>;
  tags?: Maybe<Array<Maybe<PlanningTag>>>;
  types?: Maybe<PlanningTypes>;
  activityCounts?: Maybe<Array<Maybe<ActivityCount>>>;
  activities?: Maybe<InitiativeActivityResults>;
  measurementOfSuccess?: Maybe<MeasurementOfSuccess>;
};


/** An initiative of an objective (§2.5). */
export type InitiativeCompanyEmployeeRelationshipsArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** An initiative of an objective (§2.5). */
export type InitiativeCompanyEmployeesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** An initiative of an objective (§2.5). */
export type InitiativeActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** How the success of an objective or initiative is measured (§2.5, A-45). */
export type MeasurementOfSuccess = {
  __typename?: 'MeasurementOfSuccess';
  id?: Maybe<Scalars['ID']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  /** Currency, Number or Percentage. */
  measurementType?: Maybe<Scalars['String']['output']>;
  /** ISO 4217 code when measurementType is Currency. */
  currencyType?: Maybe<Scalars['String']['output']>;
  targetValue?: Maybe<Scalars['Float']['output']>;
  actualValue?: Maybe<Scalars['Float']['output']>;
  /** Integer or Decimal when measurementType is Number. */
  numberType?: Maybe<Scalars['String']['output']>;
};

export type PlanningTag = {
  __typename?: 'PlanningTag';
  type?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
};

export type PlanningTypes = {
  __typename?: 'PlanningTypes';
  industries?: Maybe<Array<Maybe<Industry>>>;
  practiceGroups?: Maybe<Array<Maybe<PracticeGroup>>>;
  otherTypes?: Maybe<Array<Maybe<ObjectiveType>>>;
  keyClient?: Maybe<Scalars['Boolean']['output']>;
};

export type PlanningLocation = {
  __typename?: 'PlanningLocation';
  country?: Maybe<Scalars['String']['output']>;
  administrativeDivision?: Maybe<Scalars['String']['output']>;
};

/** Number of activities of one type (A-45). */
export type ActivityCount = {
  __typename?: 'ActivityCount';
  typeId?: Maybe<Scalars['ID']['output']>;
  typeName?: Maybe<Scalars['String']['output']>;
  activityCount?: Maybe<Scalars['Int']['output']>;
};

/** A company of an initiative (§2.5). */
export type InitiativeCompany = {
  __typename?: 'InitiativeCompany';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  company?: Maybe<Company>;
  initiativeId?: Maybe<Scalars['ID']['output']>;
  initiativeName?: Maybe<Scalars['String']['output']>;
  businessCity?: Maybe<Scalars['String']['output']>;
  businessState?: Maybe<Scalars['String']['output']>;
  contactTypes?: Maybe<Array<Maybe<ContactFolderContactType>>>;
};

/** A user involved in an objective or initiative (§2.5). */
export type InvolvedUser = {
  __typename?: 'InvolvedUser';
  id?: Maybe<Scalars['ID']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  lastName?: Maybe<Scalars['String']['output']>;
  jobTitle?: Maybe<Scalars['String']['output']>;
  companyName?: Maybe<Scalars['String']['output']>;
  hasRelationship?: Maybe<Scalars['Boolean']['output']>;
  person?: Maybe<Person>;
};

export type ObjectiveType = {
  __typename?: 'ObjectiveType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

export type ObjectiveResults = {
  __typename?: 'ObjectiveResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Objective>>>;
};

export type InitiativeResults = {
  __typename?: 'InitiativeResults';
  skip?: Maybe<Scalars['Int']['output']>;
  limit?: Maybe<Scalars['Int']['output']>;
  sort?: Maybe<SortInfo>;
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Initiative>>>;
};

export type ObjectiveTypeResults = {
  __typename?: 'ObjectiveTypeResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ObjectiveType>>>;
};

export type InitiativeActivityResults = {
  __typename?: 'InitiativeActivityResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ActivityView>>>;
};

export type ObjectivePersonResults = {
  __typename?: 'ObjectivePersonResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<InvolvedUser>>>;
};

export type CompanyEmployeeRelationshipResults = {
  __typename?: 'CompanyEmployeeRelationshipResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<EmployeeRelationshipTo>>>;
};

export type CompanyEmployeeResults = {
  __typename?: 'CompanyEmployeeResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Person>>>;
};

export type ObjectiveSortInput = {
  field: ObjectiveSortField;
  direction?: InputMaybe<SortDirection>;
};

export type InitiativeSortInput = {
  field: InitiativeSortField;
  direction?: InputMaybe<SortDirection>;
};

/** Filter of `objectives`; deleted objectives only with includeDeleted (A-44). */
export type ObjectiveFilterInput = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<ObjectiveStatus>>;
  companyIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  includeDeleted?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Filter of `initiatives`; deleted initiatives only with includeDeleted (A-44). */
export type InitiativeFilterInput = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  objectiveIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<InitiativeStatus>>;
  companyIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  includeDeleted?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ObjectiveTypeFilter = {
  name?: InputMaybe<Scalars['String']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
};

export type MeasurementOfSuccessInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  measurementType?: InputMaybe<Scalars['String']['input']>;
  currencyType?: InputMaybe<Scalars['String']['input']>;
  targetValue?: InputMaybe<Scalars['Float']['input']>;
  actualValue?: InputMaybe<Scalars['Float']['input']>;
  numberType?: InputMaybe<Scalars['String']['input']>;
};

export type PlanningLocationInput = {
  country: Scalars['String']['input'];
  administrativeDivision?: InputMaybe<Scalars['String']['input']>;
};

export type PlanningTagInput = {
  type: Scalars['String']['input'];
  displayName: Scalars['String']['input'];
};

/** Input of `addObjective` (A-44). */
export type AddObjectiveInput = {
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
  companyIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  involvedUserIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  locations?: InputMaybe<Array<InputMaybe<PlanningLocationInput>>>;
  tags?: InputMaybe<Array<InputMaybe<PlanningTagInput>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  objectiveTypeIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  keyClient?: InputMaybe<Scalars['Boolean']['input']>;
  measurementOfSuccess?: InputMaybe<MeasurementOfSuccessInput>;
};

/** Input of `updateObjective`; omitted fields keep their value, given lists replace (A-44). */
export type UpdateObjectiveInput = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
  companyIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  involvedUserIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  locations?: InputMaybe<Array<InputMaybe<PlanningLocationInput>>>;
  tags?: InputMaybe<Array<InputMaybe<PlanningTagInput>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  objectiveTypeIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  keyClient?: InputMaybe<Scalars['Boolean']['input']>;
  measurementOfSuccess?: InputMaybe<MeasurementOfSuccessInput>;
};

export type UpdateObjectiveStatusInput = {
  id: Scalars['ID']['input'];
  status: ObjectiveStatus;
};

/** Input of `addInitiative` (A-44). */
export type AddInitiativeInput = {
  objectiveId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
  companyIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  involvedUserIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  locations?: InputMaybe<Array<InputMaybe<PlanningLocationInput>>>;
  tags?: InputMaybe<Array<InputMaybe<PlanningTagInput>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  objectiveTypeIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  keyClient?: InputMaybe<Scalars['Boolean']['input']>;
  measurementOfSuccess?: InputMaybe<MeasurementOfSuccessInput>;
};

/** Input of `updateInitiative`; omitted fields keep their value, given lists replace (A-44). */
export type UpdateInitiativeInput = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
  companyIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  involvedUserIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  locations?: InputMaybe<Array<InputMaybe<PlanningLocationInput>>>;
  tags?: InputMaybe<Array<InputMaybe<PlanningTagInput>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  objectiveTypeIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  keyClient?: InputMaybe<Scalars['Boolean']['input']>;
  measurementOfSuccess?: InputMaybe<MeasurementOfSuccessInput>;
};

export type UpdateInitiativeStatusInput = {
  id: Scalars['ID']['input'];
  status: InitiativeStatus;
};

/** One objective type to add (no id) or update (with id) (A-46). */
export type ObjectiveTypePatchItem = {
  id?: InputMaybe<Scalars['ID']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ObjectiveTypeInput = {
  items: Array<ObjectiveTypePatchItem>;
};

export type MutateObjectiveResults = {
  __typename?: 'MutateObjectiveResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Objective>;
};

export type MutateInitiativeResults = {
  __typename?: 'MutateInitiativeResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Initiative>;
};

export type PatchObjectiveTypeResults = {
  __typename?: 'PatchObjectiveTypeResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  addItems?: Maybe<Array<Maybe<ObjectiveType>>>;
  updateItems?: Maybe<Array<Maybe<ObjectiveType>>>;
};

/** Status of an opportunity (A-43). */
export type OpportunityStatus =
  | 'open'
  | 'closed';

export type OpportunitySortField =
  | 'title'
  | 'dateOpened'
  | 'estimatedCloseDate'
  | 'status';

/** An opportunity (§2.5). */
export type Opportunity = {
  __typename?: 'Opportunity';
  id?: Maybe<Scalars['ID']['output']>;
  title?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  creatorId?: Maybe<Scalars['ID']['output']>;
  targetCompany?: Maybe<Company>;
  opportunityType?: Maybe<OpportunityType>;
  actualOutcome?: Maybe<OpportunityOutcome>;
  actualOutcomeReason?: Maybe<OpportunityOutcomeReason>;
  associatedOutcomeReasons?: Maybe<Array<Maybe<AssociatedOutcomeReason>>>;
  originationSource?: Maybe<OpportunityOriginationSource>;
  originationSourceContact?: Maybe<Person>;
  originationSourceCompany?: Maybe<Company>;
  associatedPrincipals?: Maybe<Array<Maybe<OpportunityPrincipal>>>;
  associatedContacts?: Maybe<Array<Maybe<OpportunityContact>>>;
  stageInstances?: Maybe<Array<Maybe<OpportunityStageInstance>>>;
  currentStage?: Maybe<OpportunityStageInstance>;
  estimatedCloseDate?: Maybe<Scalars['Date']['output']>;
  dateOpened?: Maybe<Scalars['Date']['output']>;
  actualCloseDate?: Maybe<Scalars['Date']['output']>;
  associatedMatter?: Maybe<AssociatedMatter>;
  associatedInitiative?: Maybe<Initiative>;
  associatedInitiatives?: Maybe<Array<Maybe<Initiative>>>;
  activities?: Maybe<ActivityViewResults>;
  practiceGroups?: Maybe<Array<Maybe<PracticeGroup>>>;
  industries?: Maybe<Array<Maybe<Industry>>>;
  workTypeId?: Maybe<Scalars['ID']['output']>;
  status?: Maybe<OpportunityStatus>;
  isConfidential?: Maybe<Scalars['Boolean']['output']>;
  shouldBeHidden?: Maybe<Scalars['Boolean']['output']>;
  isCurrentUserInvolved?: Maybe<Scalars['Boolean']['output']>;
  lead?: Maybe<Person>;
  tags?: Maybe<Array<Maybe<Scalars['String']['output']>>>;
  /** Locations set by updateOpportunityLocations (A-49). */
  locations?: Maybe<Array<Maybe<PlanningLocation>>>;
};


/** An opportunity (§2.5). */
export type OpportunityActivitiesArgs = {
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type OpportunityType = {
  __typename?: 'OpportunityType';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

export type OpportunityOutcome = {
  __typename?: 'OpportunityOutcome';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  /** Active reasons of this outcome. */
  reasons?: Maybe<Array<Maybe<OpportunityOutcomeReason>>>;
};

export type OpportunityOutcomeReason = {
  __typename?: 'OpportunityOutcomeReason';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  outcomeId?: Maybe<Scalars['ID']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

export type AssociatedOutcomeReason = {
  __typename?: 'AssociatedOutcomeReason';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  opportunityId?: Maybe<Scalars['ID']['output']>;
  outcomeId?: Maybe<Scalars['ID']['output']>;
  outcomeReason?: Maybe<OpportunityOutcomeReason>;
  outcome?: Maybe<OpportunityOutcome>;
};

export type OpportunityOriginationSource = {
  __typename?: 'OpportunityOriginationSource';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  isActive?: Maybe<Scalars['Boolean']['output']>;
};

export type OpportunityPrincipal = {
  __typename?: 'OpportunityPrincipal';
  opportunityId?: Maybe<Scalars['ID']['output']>;
  accountName?: Maybe<Scalars['String']['output']>;
  isGroup?: Maybe<Scalars['Boolean']['output']>;
  isPrimary?: Maybe<Scalars['Boolean']['output']>;
  fullName?: Maybe<Scalars['String']['output']>;
  leadId?: Maybe<Scalars['ID']['output']>;
};

export type OpportunityContact = {
  __typename?: 'OpportunityContact';
  opportunityId?: Maybe<Scalars['ID']['output']>;
  contactId?: Maybe<Scalars['ID']['output']>;
  person?: Maybe<Person>;
  isPrimary?: Maybe<Scalars['Boolean']['output']>;
};

/** A stage an opportunity entered (§2.5; A-48, A-55). */
export type OpportunityStageInstance = {
  __typename?: 'OpportunityStageInstance';
  id?: Maybe<Scalars['ID']['output']>;
  opportunityId?: Maybe<Scalars['ID']['output']>;
  stageName?: Maybe<Scalars['String']['output']>;
  stageOrder?: Maybe<Scalars['Int']['output']>;
  timeEntered?: Maybe<Scalars['DateTime']['output']>;
  /** Whole days spent in the stage, up to now for the current stage (A-55). */
  timeSpent?: Maybe<Scalars['Int']['output']>;
};

/** The matter an opportunity is linked to (A-50). */
export type AssociatedMatter = {
  __typename?: 'AssociatedMatter';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  number?: Maybe<Scalars['String']['output']>;
};

export type OpportunityResults = {
  __typename?: 'OpportunityResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<Opportunity>>>;
};

/** One result of `addOpportunityActivity` (§2.5). */
export type AddOpportunityActivityResult = {
  __typename?: 'AddOpportunityActivityResult';
  opportunityId?: Maybe<Scalars['ID']['output']>;
  activityId?: Maybe<Scalars['ID']['output']>;
};

export type OpportunitySortInput = {
  field: OpportunitySortField;
  direction?: InputMaybe<SortDirection>;
};

/** Filter of `opportunities` (A-47). */
export type OpportunityFilterInput = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  title?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<OpportunityStatus>>;
  opportunityTypeIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  targetCompanyIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  leadIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  dateOpened?: InputMaybe<DateFilterInput>;
};

/** Input of `addOpportunity` (A-47). */
export type AddOpportunityInput = {
  title: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  /** Also selects the stage template (A-48). */
  opportunityTypeId: Scalars['ID']['input'];
  targetCompanyId?: InputMaybe<Scalars['ID']['input']>;
  leadId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceContactId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceCompanyId?: InputMaybe<Scalars['ID']['input']>;
  estimatedCloseDate?: InputMaybe<Scalars['Date']['input']>;
  /** Defaults to today. */
  dateOpened?: InputMaybe<Scalars['Date']['input']>;
  isConfidential?: InputMaybe<Scalars['Boolean']['input']>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  workTypeId?: InputMaybe<Scalars['ID']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** Input of `addOpportunityActivity`: one activity is added per opportunity (A-47). */
export type AddOpportunityActivityInput = {
  opportunityIds: Array<Scalars['ID']['input']>;
  activity: AddActivityInput;
};

export type UpdateOpportunityConfidentialInput = {
  opportunityId: Scalars['ID']['input'];
  isConfidential: Scalars['Boolean']['input'];
};

/** Input of `updateOpportunityDetails`; omitted fields keep their value (A-47). */
export type UpdateOpportunityDetailsInput = {
  opportunityId: Scalars['ID']['input'];
  opportunityTypeId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceContactId?: InputMaybe<Scalars['ID']['input']>;
  originationSourceCompanyId?: InputMaybe<Scalars['ID']['input']>;
  practiceGroupIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  industryIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  workTypeId?: InputMaybe<Scalars['ID']['input']>;
};

/** Input of `updateOpportunityLinks`; given fields replace (A-47). */
export type UpdateOpportunityLinksInput = {
  opportunityId: Scalars['ID']['input'];
  /** A matter id (from addMatter); null removes the link. */
  matterId?: InputMaybe<Scalars['ID']['input']>;
  initiativeIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
};

export type UpdateOpportunityLocationsInput = {
  opportunityId: Scalars['ID']['input'];
  locations: Array<PlanningLocationInput>;
};

export type OpportunityPrincipalInput = {
  /** A Person id of a firm employee. */
  leadId: Scalars['ID']['input'];
  isPrimary?: InputMaybe<Scalars['Boolean']['input']>;
};

export type OpportunityContactInput = {
  contactId: Scalars['ID']['input'];
  isPrimary?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Input of `updateOpportunityPeople`; given lists replace (A-47). */
export type UpdateOpportunityPeopleInput = {
  opportunityId: Scalars['ID']['input'];
  leadId?: InputMaybe<Scalars['ID']['input']>;
  principals?: InputMaybe<Array<OpportunityPrincipalInput>>;
  contacts?: InputMaybe<Array<OpportunityContactInput>>;
};

/** Moves the opportunity to a stage of its template, identified by stageOrder (A-48). */
export type UpdateOpportunityStageInstanceInput = {
  opportunityId: Scalars['ID']['input'];
  stageOrder: Scalars['Int']['input'];
  /** Defaults to now. */
  timeEntered?: InputMaybe<Scalars['DateTime']['input']>;
};

export type OpportunityStageTemplateInput = {
  stageOrder: Scalars['Int']['input'];
  stageName: Scalars['String']['input'];
};

/** Replaces the stages of a template; the template id is the opportunity type id (A-48). */
export type UpdateOpportunityStageTemplateInput = {
  id: Scalars['ID']['input'];
  stageTemplates: Array<OpportunityStageTemplateInput>;
};

/** Input of `updateOpportunityStatus` (A-47). */
export type UpdateOpportunityStatusInput = {
  opportunityId: Scalars['ID']['input'];
  status: OpportunityStatus;
  /** Required when closing. */
  outcomeId?: InputMaybe<Scalars['ID']['input']>;
  outcomeReasonIds?: InputMaybe<Array<InputMaybe<Scalars['ID']['input']>>>;
  /** Defaults to today when closing. */
  actualCloseDate?: InputMaybe<Scalars['Date']['input']>;
};

/** Input of `updateOpportunitySummary`; omitted fields keep their value (A-47). */
export type UpdateOpportunitySummaryInput = {
  opportunityId: Scalars['ID']['input'];
  title?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  estimatedCloseDate?: InputMaybe<Scalars['Date']['input']>;
  dateOpened?: InputMaybe<Scalars['Date']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** One lookup value to add (no id) or update (with id) (A-46). */
export type OpportunityLookupPatchItem = {
  id?: InputMaybe<Scalars['ID']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
};

export type OpportunityTypeInput = {
  items: Array<OpportunityLookupPatchItem>;
};

export type OpportunityOriginationSourceInput = {
  items: Array<OpportunityLookupPatchItem>;
};

/** One outcome reason to add (no id) or update (with id) (A-46). */
export type OpportunityOutcomeReasonPatchItem = {
  id?: InputMaybe<Scalars['ID']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  outcomeId?: InputMaybe<Scalars['ID']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
};

export type OpportunityOutcomeReasonInput = {
  items: Array<OpportunityOutcomeReasonPatchItem>;
};

export type UpdateOpportunityConfidentialResults = {
  __typename?: 'UpdateOpportunityConfidentialResults';
  opportunityId?: Maybe<Scalars['ID']['output']>;
  isConfidential?: Maybe<Scalars['Boolean']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

/** Result of the opportunity updates that return only the id; failures are GraphQL errors (A-10). */
export type OpportunityIdResults = {
  __typename?: 'OpportunityIdResults';
  opportunityId?: Maybe<Scalars['ID']['output']>;
};

export type UpdateOpportunityLinksResults = {
  __typename?: 'UpdateOpportunityLinksResults';
  item?: Maybe<OpportunityIdResults>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

export type MutateOpportunityResults = {
  __typename?: 'MutateOpportunityResults';
  id?: Maybe<Scalars['ID']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

export type PatchOpportunityTypeResults = {
  __typename?: 'PatchOpportunityTypeResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  addItems?: Maybe<Array<Maybe<OpportunityType>>>;
  updateItems?: Maybe<Array<Maybe<OpportunityType>>>;
};

export type PatchOpportunityOriginationSourceResults = {
  __typename?: 'PatchOpportunityOriginationSourceResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  addItems?: Maybe<Array<Maybe<OpportunityOriginationSource>>>;
  updateItems?: Maybe<Array<Maybe<OpportunityOriginationSource>>>;
};

export type PatchOpportunityOutcomeReasonResults = {
  __typename?: 'PatchOpportunityOutcomeReasonResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  addItems?: Maybe<Array<Maybe<OpportunityOutcomeReason>>>;
  updateItems?: Maybe<Array<Maybe<OpportunityOutcomeReason>>>;
};

/** Input of `addMatter`; text inputs are trimmed; lookup texts (practiceGroup, matterType, office) are matched or added (§4.2, A-50). */
export type AddMatterInput = {
  name: Scalars['String']['input'];
  number: Scalars['String']['input'];
  /** The client, a Company id. */
  clientId?: InputMaybe<Scalars['ID']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  practiceGroup?: InputMaybe<Scalars['String']['input']>;
  matterType?: InputMaybe<Scalars['String']['input']>;
  office?: InputMaybe<Scalars['String']['input']>;
  openDate?: InputMaybe<Scalars['Date']['input']>;
  closeDate?: InputMaybe<Scalars['Date']['input']>;
};

/** Input of `addMatterFinancial`: amounts of one matter in one period (A-50). */
export type AddMatterFinancialInput = {
  matterId: Scalars['ID']['input'];
  periodStart: Scalars['Date']['input'];
  periodEnd: Scalars['Date']['input'];
  /** ISO 4217 code. */
  currency?: InputMaybe<Scalars['String']['input']>;
  hoursWorked?: InputMaybe<Scalars['Float']['input']>;
  amountWorked?: InputMaybe<Scalars['Float']['input']>;
  amountBilled?: InputMaybe<Scalars['Float']['input']>;
  amountCollected?: InputMaybe<Scalars['Float']['input']>;
};

/** Removes the financials of a matter overlapping the period; all when no period is given (A-50). */
export type RemoveMatterFinancialsInput = {
  matterId: Scalars['ID']['input'];
  periodStart?: InputMaybe<Scalars['Date']['input']>;
  periodEnd?: InputMaybe<Scalars['Date']['input']>;
};

/** Result of `addMatter` and `addMatterFinancial`: `item` is the new id (§4.2). */
export type MutateMatterResults = {
  __typename?: 'MutateMatterResults';
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
  item?: Maybe<Scalars['ID']['output']>;
};

export type RemoveMatterFinancialsResults = {
  __typename?: 'RemoveMatterFinancialsResults';
  isSuccessful?: Maybe<Scalars['Boolean']['output']>;
  matterFinancialsAffected?: Maybe<Scalars['Int']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

/** Which contacts a relationship type relates (A-51). */
export type RelationshipListingType =
  | 'PersonToPerson'
  | 'PersonToCompany'
  | 'CompanyToCompany';

/** Kind of a relationship insight (A-51). */
export type InsightType =
  | 'ConnectionRank'
  | 'EngagementRank';

/** Which connections `targetPersonConnections` returns (A-51). */
export type FetchControl =
  /** Every visible connection of the target person. */
  | 'All'
  /** Connections of the target person to the current user only. */
  | 'CurrentUser'
  /** Connections of the target person to firm employees (colleagues) only. */
  | 'Colleagues';

export type RelationshipTypeSortField =
  | 'name'
  | 'category';

export type EmployeeRelationshipToSortField =
  | 'displayName'
  | 'strengthLevel';

export type EmployeeRelationshipToFilterField =
  | 'displayName'
  | 'relationshipType'
  | 'minimumStrengthLevel';

export type EmployeeWithRelationshipsToSortField =
  | 'displayName';

export type EmployeeWithRelationshipsToFilterField =
  | 'displayName';

export type EmployeeWithRelationshipsToViewSortField =
  | 'displayName'
  | 'totalRelationships'
  | 'strongEngagementScore';

export type EmployeeWithRelationshipsToViewFilterField =
  | 'displayName'
  | 'office';

/** Relationship of one contact to a co-worker at a company (§2.6). */
export type EmployeeRelationshipTo = {
  __typename?: 'EmployeeRelationshipTo';
  id?: Maybe<Scalars['ID']['output']>;
  contactId?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  positionName?: Maybe<Scalars['String']['output']>;
  emailAddress?: Maybe<Scalars['String']['output']>;
  phoneNumber?: Maybe<Scalars['String']['output']>;
  relationshipType?: Maybe<Scalars['String']['output']>;
  strengthLevel?: Maybe<Scalars['Int']['output']>;
  strengthLevelMax?: Maybe<Scalars['Int']['output']>;
  strengthLevelDescription?: Maybe<Scalars['String']['output']>;
  isAnonymous?: Maybe<Scalars['Boolean']['output']>;
  person?: Maybe<Person>;
};

export type EmployeeRelationshipToResults = {
  __typename?: 'EmployeeRelationshipToResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<EmployeeRelationshipTo>>>;
};

/** An employee with relationships to another company (§2.6). */
export type EmployeeWithRelationshipsTo = {
  __typename?: 'EmployeeWithRelationshipsTo';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  positionName?: Maybe<Scalars['String']['output']>;
  emailAddress?: Maybe<Scalars['String']['output']>;
  phoneNumber?: Maybe<Scalars['String']['output']>;
  contact?: Maybe<Contact>;
};

export type EmployeesWithRelationshipsToResults = {
  __typename?: 'EmployeesWithRelationshipsToResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<EmployeeWithRelationshipsTo>>>;
};

/** An employee with relationships to another company, with engagement data (§2.6). */
export type EmployeeWithRelationshipsToView = {
  __typename?: 'EmployeeWithRelationshipsToView';
  id?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  positionName?: Maybe<Scalars['String']['output']>;
  emailAddress?: Maybe<Scalars['String']['output']>;
  phoneNumber?: Maybe<Scalars['String']['output']>;
  contact?: Maybe<Contact>;
  office?: Maybe<Scalars['String']['output']>;
  totalRelationships?: Maybe<Scalars['Int']['output']>;
  strongEngagementScore?: Maybe<Scalars['Float']['output']>;
  strongEngagementLevelDescription?: Maybe<Scalars['String']['output']>;
  baseContactsDisplayName?: Maybe<Scalars['String']['output']>;
  concatenatedJobTitle?: Maybe<Scalars['String']['output']>;
};

export type EmployeesWithRelationshipsToViewResults = {
  __typename?: 'EmployeesWithRelationshipsToViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<EmployeeWithRelationshipsToView>>>;
};

/** Relationship score between two contacts (§2.6). */
export type IqRelationshipScore = {
  __typename?: 'IQRelationshipScore';
  sourceGuid?: Maybe<Scalars['ID']['output']>;
  targetGuid?: Maybe<Scalars['ID']['output']>;
  scoreDate?: Maybe<Scalars['Date']['output']>;
  relationshipScore?: Maybe<Scalars['Float']['output']>;
  scoreExplanation?: Maybe<Scalars['String']['output']>;
  recommendation?: Maybe<Scalars['String']['output']>;
  trendPrediction?: Maybe<Scalars['String']['output']>;
  scoreTooltip?: Maybe<Scalars['String']['output']>;
};

/** Result of `getIQRelationshipScore`; the name is the spec's (A-53). */
export type IqRelationshipScoreResults = {
  __typename?: 'iqRelationshipScoreResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<IqRelationshipScore>>>;
};

/** A most-connected or most-engaged contact of a company (§2.6). */
export type RelationshipInsightView = {
  __typename?: 'RelationshipInsightView';
  isTargetCompany?: Maybe<Scalars['Boolean']['output']>;
  insightType?: Maybe<InsightType>;
  insightContactId?: Maybe<Scalars['ID']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  totalConnections?: Maybe<Scalars['Int']['output']>;
  totalEngagementScore?: Maybe<Scalars['Int']['output']>;
};

/** A connection of a target person (§2.6). */
export type PersonRelationshipView = {
  __typename?: 'PersonRelationshipView';
  personId?: Maybe<Scalars['ID']['output']>;
  personDisplayName?: Maybe<Scalars['String']['output']>;
  relatedPersonId?: Maybe<Scalars['ID']['output']>;
  relatedPersonDisplayName?: Maybe<Scalars['String']['output']>;
  totalConnectionCount?: Maybe<Scalars['Int']['output']>;
  engagementScore?: Maybe<Scalars['Float']['output']>;
  engagementRank?: Maybe<Scalars['Int']['output']>;
  rankDescription?: Maybe<Scalars['String']['output']>;
  displayRank?: Maybe<Scalars['Int']['output']>;
  relatedPersonJobTitle?: Maybe<Scalars['String']['output']>;
};

export type PersonRelationshipResults = {
  __typename?: 'PersonRelationshipResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<PersonRelationshipView>>>;
};

/** A relationship type (§2.6). */
export type RelationshipTypeDefinition = {
  __typename?: 'RelationshipTypeDefinition';
  id?: Maybe<Scalars['ID']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  converse?: Maybe<Scalars['String']['output']>;
  category?: Maybe<Scalars['String']['output']>;
  permissionId?: Maybe<Scalars['ID']['output']>;
  relationshipListingTypes?: Maybe<Array<Maybe<RelationshipListingType>>>;
  formerName?: Maybe<Scalars['String']['output']>;
  sentenceName?: Maybe<Scalars['String']['output']>;
  formerSentenceName?: Maybe<Scalars['String']['output']>;
  converseId?: Maybe<Scalars['ID']['output']>;
  /** Whether the type can mark a former relationship (A-51). */
  formerInd?: Maybe<Scalars['Boolean']['output']>;
  cleanInd?: Maybe<Scalars['Boolean']['output']>;
  strengthScale?: Maybe<Scalars['Int']['output']>;
  correlationRangeItems?: Maybe<Array<Maybe<CorrelationRangeItem>>>;
  description?: Maybe<Scalars['String']['output']>;
  /** Active or Inactive (A-51). */
  status?: Maybe<Scalars['String']['output']>;
  disableEdit?: Maybe<Scalars['Boolean']['output']>;
};

/** One level of a strength scale (§2.6). */
export type CorrelationRangeItem = {
  __typename?: 'CorrelationRangeItem';
  rangeItemId?: Maybe<Scalars['ID']['output']>;
  rangeSetId?: Maybe<Scalars['ID']['output']>;
  displayOrder?: Maybe<Scalars['Int']['output']>;
  strengthDescription?: Maybe<Scalars['String']['output']>;
};

export type RelationshipTypeSortInput = {
  field: RelationshipTypeSortField;
  direction?: InputMaybe<SortDirection>;
};

export type RelationshipTypeFilterInput = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  name?: InputMaybe<Scalars['String']['input']>;
  category?: InputMaybe<Scalars['String']['input']>;
  relationshipListingType?: InputMaybe<RelationshipListingType>;
};

export type EmployeeRelationshipToSortInput = {
  field: EmployeeRelationshipToSortField;
  direction?: InputMaybe<SortDirection>;
};

/** One filter; `value` for every field (A-52). */
export type EmployeeRelationshipToFilterInput = {
  field: EmployeeRelationshipToFilterField;
  value?: InputMaybe<Scalars['String']['input']>;
};

export type EmployeeWithRelationshipsToSortInput = {
  field: EmployeeWithRelationshipsToSortField;
  direction?: InputMaybe<SortDirection>;
};

export type EmployeeWithRelationshipsToFilterInput = {
  field: EmployeeWithRelationshipsToFilterField;
  value?: InputMaybe<Scalars['String']['input']>;
};

export type EmployeeWithRelationshipsToViewSortInput = {
  field: EmployeeWithRelationshipsToViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type EmployeeWithRelationshipsToViewFilterInput = {
  field: EmployeeWithRelationshipsToViewFilterField;
  value?: InputMaybe<Scalars['String']['input']>;
};

/** Input of `targetPersonConnections` (A-51). */
export type TargetPersonRelationshipInput = {
  targetPersonId: Scalars['ID']['input'];
  fetchControl: FetchControl;
  skip?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** Relates the current user to a contact (A-51). */
export type AddRelationshipInput = {
  contactId: Scalars['ID']['input'];
  relationshipTypeId: Scalars['ID']['input'];
  /** 1 to the type's strengthScale. */
  strengthLevel?: InputMaybe<Scalars['Int']['input']>;
  isPrivate?: InputMaybe<Scalars['Boolean']['input']>;
  isFormer?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Relates two contacts (A-51). */
export type AddRelationshipForContactsInput = {
  baseContactId: Scalars['ID']['input'];
  relatedContactId: Scalars['ID']['input'];
  relationshipTypeId: Scalars['ID']['input'];
  strengthLevel?: InputMaybe<Scalars['Int']['input']>;
  isPrivate?: InputMaybe<Scalars['Boolean']['input']>;
  isFormer?: InputMaybe<Scalars['Boolean']['input']>;
  isAnonymous?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Edits a relationship; omitted fields keep their value (A-51). */
export type EditRelationshipInput = {
  relationshipId: Scalars['ID']['input'];
  relationshipTypeId?: InputMaybe<Scalars['ID']['input']>;
  strengthLevel?: InputMaybe<Scalars['Int']['input']>;
  isPrivate?: InputMaybe<Scalars['Boolean']['input']>;
  isFormer?: InputMaybe<Scalars['Boolean']['input']>;
  isAnonymous?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Removes the current user's relationship to a contact (A-51). */
export type RemoveRelationshipInput = {
  contactId: Scalars['ID']['input'];
  /** Which relationship, when the user has several to the contact. */
  relationshipId?: InputMaybe<Scalars['ID']['input']>;
};

export type AddRelationshipResults = {
  __typename?: 'AddRelationshipResults';
  contactId?: Maybe<Scalars['ID']['output']>;
  success?: Maybe<Scalars['Boolean']['output']>;
};

export type AddRelationshipForContactsResults = {
  __typename?: 'AddRelationshipForContactsResults';
  success?: Maybe<Scalars['Boolean']['output']>;
  validationErrors?: Maybe<Array<Maybe<ValidationErrors>>>;
};

export type EditRelationshipResult = {
  __typename?: 'EditRelationshipResult';
  relationshipId?: Maybe<Scalars['ID']['output']>;
  success?: Maybe<Scalars['Boolean']['output']>;
};

export type RemoveRelationshipResult = {
  __typename?: 'RemoveRelationshipResult';
  contactId?: Maybe<Scalars['ID']['output']>;
  success?: Maybe<Scalars['Boolean']['output']>;
};

/** Event types of `relationshipEventViews`: one per changed attribute of an edit (A-40). */
export type RelationshipEventType =
  | 'RelationshipCreated'
  | 'RelationshipDeleted'
  | 'RelationshipTypeChanged'
  | 'StrengthChanged'
  | 'FormerChanged'
  | 'AnonymousChanged'
  | 'PrivacyChanged';

/** Event types of `initiativeEventViews` (A-40). */
export type InitiativeEventType =
  | 'InitiativeCreated'
  | 'InitiativeUpdated'
  | 'InitiativeStatusChanged'
  | 'InitiativeDeleted';

/** Event types of `objectiveEventViews` (A-40). */
export type ObjectiveEventType =
  | 'ObjectiveCreated'
  | 'ObjectiveUpdated'
  | 'ObjectiveStatusChanged'
  | 'ObjectiveDeleted';

/** Event types of `opportunityEventViews`: changes of dateOpened, currentStage and status (§6, A-40). */
export type OpportunityEventType =
  | 'DateOpenedChanged'
  | 'CurrentStageChanged'
  | 'StatusChanged';

export type RelationshipEventView = {
  __typename?: 'RelationshipEventView';
  eventType?: Maybe<RelationshipEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  relationshipId?: Maybe<Scalars['ID']['output']>;
  baseContactId?: Maybe<Scalars['ID']['output']>;
  baseContact?: Maybe<Contact>;
  relatedContactId?: Maybe<Scalars['ID']['output']>;
  relatedContact?: Maybe<Contact>;
  relationshipTypeId?: Maybe<Scalars['ID']['output']>;
  relationshipTypeName?: Maybe<Scalars['String']['output']>;
  isFormer?: Maybe<Scalars['Boolean']['output']>;
  isAnonymous?: Maybe<Scalars['Boolean']['output']>;
  strengthScale?: Maybe<Scalars['Int']['output']>;
  /** Active or Deleted (A-40). */
  status?: Maybe<Scalars['String']['output']>;
};

export type RelationshipEventViewResults = {
  __typename?: 'RelationshipEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<RelationshipEventView>>>;
};

export type RelationshipEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type RelationshipEventViewFilterInput = {
  eventTypes?: InputMaybe<Array<RelationshipEventType>>;
  relationshipIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  contactIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};

export type InitiativeEventView = {
  __typename?: 'InitiativeEventView';
  eventType?: Maybe<InitiativeEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  initiativeId?: Maybe<Scalars['ID']['output']>;
  initiative?: Maybe<Initiative>;
};

export type InitiativeEventViewResults = {
  __typename?: 'InitiativeEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<InitiativeEventView>>>;
};

export type InitiativeEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type InitiativeEventViewFilterInput = {
  eventTypes?: InputMaybe<Array<InitiativeEventType>>;
  initiativeIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};

export type ObjectiveEventView = {
  __typename?: 'ObjectiveEventView';
  eventType?: Maybe<ObjectiveEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  objectiveId?: Maybe<Scalars['ID']['output']>;
  objective?: Maybe<Objective>;
};

export type ObjectiveEventViewResults = {
  __typename?: 'ObjectiveEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<ObjectiveEventView>>>;
};

export type ObjectiveEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type ObjectiveEventViewFilterInput = {
  eventTypes?: InputMaybe<Array<ObjectiveEventType>>;
  objectiveIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};

export type OpportunityEventView = {
  __typename?: 'OpportunityEventView';
  eventType?: Maybe<OpportunityEventType>;
  eventDate?: Maybe<Scalars['DateTime']['output']>;
  opportunityId?: Maybe<Scalars['ID']['output']>;
  opportunity?: Maybe<Opportunity>;
};

export type OpportunityEventViewResults = {
  __typename?: 'OpportunityEventViewResults';
  totalModels: Scalars['Int']['output'];
  models?: Maybe<Array<Maybe<OpportunityEventView>>>;
};

export type OpportunityEventViewSortInput = {
  field: EventViewSortField;
  direction?: InputMaybe<SortDirection>;
};

export type OpportunityEventViewFilterInput = {
  eventTypes?: InputMaybe<Array<OpportunityEventType>>;
  opportunityIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  eventDate?: InputMaybe<DateTimeFilterInput>;
};
